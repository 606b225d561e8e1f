import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { ALL_RESOURCE_FEATURES } from '@platform/contracts/resources/definition';
import { createCommandApi, type CommandModule } from '@platform/command-api/app';
import { createAccountsAuth } from '@platform/command-api/auth/accounts-auth';
import { fileTusStorage } from '@platform/command-api/files/tus';
import { likeRoutes } from '@platform/command-api/resources/likes';
import { resourceCommandRoutes, type JoinTableMembership } from '@platform/command-api/resources/routes';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { DEFAULT_FILE_LIMITS } from '@platform/infra/files/intake';
import { localBlobStore } from '@platform/infra/files/storage';
import { createMailer } from '@platform/infra/mail/mailer';
import { BODYLESS_ROUTES, ROUTE_BODIES } from '@platform/tests/fuzz/bodies';
import { nearValid, toJsonText, validValue } from '@platform/tests/fuzz/inputs';
import { routesOf } from '@platform/tests/fuzz/routes';
import { commandModulesOf, eventContractsOf, platformModules, type ServeContext } from '../modules.ts';

/**
 * The fuzz's map of hand-written bodies (tests/fuzz/bodies.ts) against the routers: every hand-written route that
 * takes a body has its schema there, or is named as reading none, so a new route without one fails here. The
 * routers are built as the platform builds them, on a database that is never reached (building a router asks
 * nothing of it).
 */
const logger = pino({ level: 'silent' });
const sql = createSql('postgres://nobody@127.0.0.1:1/never', { max: 1 });
afterAll(() => sql.end({ timeout: 0 }));

const modules = platformModules();
const contracts = new EventContractRegistry(eventContractsOf(modules));
const eventStore = new PostgresEventStore({ sql, contracts });
const clock = () => new Date();
const auth = createAccountsAuth({
  sql,
  eventStore,
  contracts,
  clock,
  logger,
  mailer: createMailer({ smtpUrl: undefined, from: 'platform@example.org', sql }),
  secret: 'a'.repeat(64),
  publicUrl: 'http://localhost',
});
const serve: ServeContext = {
  auth,
  devMailbox: true,
  defaultLocale: 'en',
  authorOrganization: true,
  globalSearch: true,
  organizationPages: true,
  appName: 'Platform',
  currency: 'EUR',
  minPositionTimeoutMs: 1000,
  features: ALL_RESOURCE_FEATURES,
  files: {
    store: localBlobStore('/nonexistent'),
    limits: DEFAULT_FILE_LIMITS,
    tus: fileTusStorage('/nonexistent/tus'),
  },
  sql,
};

const commandRoutes = (commandModules: CommandModule[]) =>
  routesOf(
    createCommandApi({
      eventStore,
      contracts,
      clock,
      logger,
      adminToken: 'a'.repeat(40),
      modules: commandModules,
    }),
    '/api/v1',
  );
const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The resource layer's own routes (their bodies come from the resource definitions), over what it serves. */
function resourceLayerRoutes(): Set<string> {
  const served = [...resourceCatalogue];
  for (const needed of modules.flatMap((m) => m.resources ?? []))
    if (!served.some((d) => d.type === needed.type)) served.push(needed);
  const joinTables = Object.assign({}, ...modules.map((m) => m.joinTables ?? {})) as Record<
    string,
    JoinTableMembership
  >;
  return new Set(
    commandRoutes([
      resourceCommandRoutes(served, { defaultLocale: 'en', joinTables, features: ALL_RESOURCE_FEATURES }),
      likeRoutes(served),
    ]).map(keyOf),
  );
}

const layer = resourceLayerRoutes();
/** every route of the command API and /auth that is not the resource layer's, as the routers declare them */
const handWritten = [
  ...commandRoutes(commandModulesOf(modules, serve)),
  ...routesOf(auth.authRouter, '/auth'),
].filter((route) => !layer.has(keyOf(route)));
const handWrittenKeys = new Set(handWritten.map(keyOf));

describe("the fuzz's bodies of hand-written routes", () => {
  it('finds the hand-written routes by walking the routers, and tells them from the resource layer', () => {
    expect(handWrittenKeys).toContain('POST /auth/login');
    expect(handWrittenKeys).toContain('POST /api/v1/services/rentals/bookings');
    expect(handWrittenKeys).toContain('POST /api/v1/services/files');
    expect(handWrittenKeys).not.toContain('POST /api/v1/admin-tags');
    expect(layer).toContain('PATCH /api/v1/admin-tags/:id');
  });

  it('has a schema, or names as body-less, every hand-written POST, PATCH and PUT route', () => {
    const unsafe = handWritten.filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method)).map(keyOf);
    const missing = unsafe.filter((key) => !(key in ROUTE_BODIES) && !BODYLESS_ROUTES.has(key));
    expect(missing, 'add their body schema to tests/fuzz/bodies.ts (or to BODYLESS_ROUTES)').toEqual([]);
  });

  it('names only routes that are served, each either with a body or without', () => {
    const named = [...Object.keys(ROUTE_BODIES), ...BODYLESS_ROUTES];
    expect(named.filter((key) => !handWrittenKeys.has(key))).toEqual([]);
    expect(Object.keys(ROUTE_BODIES).filter((key) => BODYLESS_ROUTES.has(key))).toEqual([]);
  });

  // per schema: valid values reach past the shape now and then, and near-valid ones are mostly refused by it
  const json = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(toJsonText(value)));
  it.each(Object.entries(ROUTE_BODIES))(
    'generates valid and near-valid bodies for %s',
    (_key, { schema }) => {
      const parses = (value: unknown) => (schema as z.ZodTypeAny).safeParse(json(value)).success;
      const valid = fc.sample(validValue(schema), { numRuns: 40, seed: 7 }).filter(parses).length;
      const near = fc.sample(nearValid(schema), { numRuns: 40, seed: 7 }).filter(parses).length;
      expect(valid, 'valid values that the schema takes').toBeGreaterThanOrEqual(4);
      expect(near, 'near-valid values that the schema takes').toBeLessThanOrEqual(24);
    },
  );
});
