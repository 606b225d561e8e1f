import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession } from './client.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import {
  DEMO_SOFTWARE_MEMBER,
  demoInstallations,
  demoSoftwareServices,
  demoStatsEvents,
  seedDemoSoftware,
} from './demo-software.ts';
import { seedDemo } from './demo.ts';

/**
 * The demo software catalogue (demo-software.ts), seeded by seedDemo with the software feature: the declared events,
 * the services, the two installations made by their reports (their sessions counted on one alone), and a demo
 * member's voice associated with their tablet, which the tablet's software is then told of; a run again appends
 * nothing.
 */

type Doc = { id: string; attributes: Record<string, unknown> };

let app: AccountsTestApp;
const seedOptions = () => ({
  eventStore: app.platform.eventStore,
  contracts: app.platform.contracts,
  baseUrl: app.url(''),
  publicUrl: app.platform.accounts.context.publicUrl,
  adminToken: TEST_ADMIN_TOKEN,
  logger: capturedLogger().logger,
  features: onlyFeatures('software'),
});
const head = async () => String(await app.platform.eventStore.lastCommittedPosition());
const seededEvents = async (): Promise<number> => {
  const [row] = await app.platform.sql<{ n: string }[]>`select count(*)::text as n from es_events`;
  return Number(row?.n);
};

beforeAll(async () => {
  app = await startAccountsApp();
  expect(await seedDemo(seedOptions())).toBe('seeded');
});
afterAll(async () => {
  await app?.close();
});

describe('the demo software catalogue', () => {
  it('holds the events, services and installations, with what each installation reported', async () => {
    const at = await head();
    const events = (await app.admin('GET', `/stats-events?minPosition=${at}`)).body.data as Doc[];
    expect(events.map((e) => e.attributes.name).sort()).toEqual(demoStatsEvents.map((e) => e.name).sort());
    const services = (await app.admin('GET', `/software-services?minPosition=${at}`)).body.data as Doc[];
    expect(services.map((s) => s.attributes.name).sort()).toEqual(
      demoSoftwareServices.map((s) => s.name).sort(),
    );
    const installations = (await app.admin('GET', `/software-installations?minPosition=${at}`)).body
      .data as Doc[];
    for (const demo of demoInstallations) {
      const found = installations.find((i) => i.attributes.installationId === demo.installationId);
      // a session is kept only where the back office counts them
      const kept = demo.reports.filter((r) => demo.sessions || r.event !== 'session').length;
      expect(found?.attributes).toMatchObject({
        name: demo.name,
        system: demo.system,
        enableSessionsStats: demo.sessions,
        statsCount: kept,
      });
    }
  });

  it('has the demo member’s voice associated with their tablet, which its software is told of', async () => {
    const member = await memberSession(app.url(''), DEMO_SOFTWARE_MEMBER, DEMO_PASSWORD, TEST_ADMIN_TOKEN);
    const mine = await member.call('GET', `/services/software/associations?minPosition=${await head()}`);
    expect(mine.status).toBe(200);
    const [voice] = mine.body.data as Array<{ attributes: Record<string, unknown> }>;
    expect(voice?.attributes).toMatchObject({ service: demoSoftwareServices[0].name, associationsMax: 2 });
    expect(voice?.attributes.associations).toMatchObject([
      { installationId: demoInstallations[0].installationId, name: 'My tablet' },
    ]);
    const given = await fetch(
      app.url(`/api/v1/services/software/installations/${demoInstallations[0].installationId}/services`),
    );
    expect(((await given.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('is seeded once: a run again appends nothing', async () => {
    const before = await seededEvents();
    await seedDemoSoftware({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      now: () => new Date(),
      grantedAt: await head(),
    });
    expect(await seededEvents()).toBe(before);
  });
});
