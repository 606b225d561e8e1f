import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { demoAacContribution, demoAacProducts, seedDemoAac } from './demo-aac.ts';
import { DEMO_AAC_PRODUCTS_PATH } from './demo-content.ts';
import { seedDemo } from './demo.ts';

/**
 * The demo AAC catalogue (demo-aac.ts), seeded by seedDemo with the AAC products feature: the four published
 * products with their lists, what the device has installed, a member's contribution that visitors do not see, and
 * the "Communication aids" page that shows them; a run again appends nothing.
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
  features: onlyFeatures('aacProducts'),
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

describe('the demo AAC catalogue', () => {
  it('shows visitors the published products, with their lists, and not the contribution waiting', async () => {
    const at = await head();
    const visitor = app.browser();
    const products = (await visitor.call('GET', `/api/v1/aac-products?page[size]=50&minPosition=${at}`)).body
      .data as Doc[];
    expect(products.map((p) => p.attributes.name).sort()).toEqual(demoAacProducts.map((p) => p.name).sort());
    const eyespeak = products.find((p) => p.attributes.name === 'EyeSpeak 13')!;
    const installed = await visitor.call(
      'GET',
      `/api/v1/aac-installed-systems?filter[device]=${eyespeak.id}`,
    );
    expect(installed.body.data).toHaveLength(1);
    const byScanning = (await visitor.call('GET', '/api/v1/aac-products?filter[accessTypes]=scanning')).body
      .data as Doc[];
    expect(byScanning.map((p) => p.attributes.name).sort()).toEqual(['HeadWriter', 'TalkGrid']);
    // the contribution waits for a moderator: the back office sees it, unpublished
    const waiting = (await app.admin('GET', `/aac-products?filter[published]=false&minPosition=${at}`)).body
      .data as Doc[];
    expect(waiting.map((p) => p.attributes.name)).toEqual([demoAacContribution.name]);
    // the page that shows them
    const page = await visitor.call(
      'GET',
      `/api/v1/services/routes/resolve?path=${encodeURIComponent(DEMO_AAC_PRODUCTS_PATH)}&minPosition=${at}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(JSON.stringify(page.body)).toContain('aac-products');
  });

  it('is seeded once: a run again appends nothing', async () => {
    const before = await seededEvents();
    await seedDemoAac({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    });
    expect(await seededEvents()).toBe(before);
  });
});
