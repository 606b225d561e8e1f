import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@platform/infra/event-store';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { createIsolatedDatabase, type TestDatabase } from '@platform/tests/support/database';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { seedDemo } from './demo.ts';

/**
 * The demo members' sessions are read once the accounts' read models hold the demo accounts' grants, however far
 * behind the event store's visible head is: a transaction running anywhere on the database server (another site's,
 * a projector's) holds that head below its own start, and the projectors with it. With every feature's content off
 * but the community's blog posts, the demo publisher writes right after the grants: read before them, it would be
 * refused ("blog-post: create is not allowed").
 */

/** How long the transaction stays open once the seeder has asked where the grants stand. */
const HOLD_MS = 3_000;
/** When it is closed at the latest, should the seeder never ask (the test then checks the seeding alone). */
const HOLD_BOUND_MS = 30_000;

const noFeatureContent = onlyFeatures();

let app: AccountsTestApp;
// the test holds a transaction open: on a cluster of its own, where it holds back no other test file's readers
let isolated: TestDatabase;
let other: postgres.Sql;

beforeAll(async () => {
  isolated = await createIsolatedDatabase();
  app = await startAccountsApp({}, {}, { databaseUrl: isolated.url });
  other = postgres(app.databaseUrl, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await other?.end();
  await app?.close();
  await isolated?.drop();
});

describe('the demo seed, while a transaction holds the visible head back', () => {
  it('reads the demo members at their grants: the publisher writes its blog posts', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    // a transaction with an id of its own, begun before any demo account: the visible head stays below it
    const hold = other.begin(async (tx) => {
      await tx`select pg_current_xact_id()`;
      opened();
      await released;
    });
    await open;
    const bound = setTimeout(release, HOLD_BOUND_MS);
    // once the seeder asks the event store where the grants stand, the transaction ends a little later
    let asked = false;
    const store = app.platform.eventStore;
    const eventStore = new Proxy(store, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property !== 'headPosition' && property !== 'lastCommittedPosition') return value.bind(target);
        return async () => {
          const position = await (value as EventStore['headPosition']).call(target);
          if (!asked) setTimeout(release, HOLD_MS);
          asked = true;
          return position;
        };
      },
    });
    try {
      const outcome = await seedDemo({
        eventStore,
        contracts: app.platform.contracts,
        baseUrl: app.url(''),
        publicUrl: app.platform.accounts.context.publicUrl,
        adminToken: TEST_ADMIN_TOKEN,
        logger: capturedLogger().logger,
        features: noFeatureContent,
      });
      expect(outcome).toBe('seeded');
    } finally {
      clearTimeout(bound);
      release();
      await hold;
    }
    expect(asked).toBe(true);
  });
});
