import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import {
  DEMO_ACCOUNT_BALANCE,
  DEMO_ACCOUNT_HOLDER,
  demoAccountDocuments,
  demoAccountTransactions,
  seedDemoAccounting,
} from './demo-accounting.ts';
import { seedDemo } from './demo.ts';

/**
 * The demo member's account (demo-accounting.ts), seeded by seedDemo with the transactions and documents features:
 * the member reads their movements and balance and downloads their documents; another demo member reads none of
 * it, nor gets a document's file by its URL; a run again appends nothing.
 */

/** Every other feature's demo content off: the demo site, its accounts, and the member's account. */
const onlyAccounting = onlyFeatures('transactions', 'documents');

type Doc = {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string } }>;
};

let app: AccountsTestApp;
const seedOptions = () => ({
  eventStore: app.platform.eventStore,
  contracts: app.platform.contracts,
  baseUrl: app.url(''),
  publicUrl: app.platform.accounts.context.publicUrl,
  adminToken: TEST_ADMIN_TOKEN,
  logger: capturedLogger().logger,
  features: onlyAccounting,
});
/** The latest event stored: every seeding command was answered, so a read at it sees them all. */
const head = async (): Promise<string> => {
  const position = await app.platform.eventStore.lastCommittedPosition();
  return String(position);
};
const seededEvents = async (): Promise<number> => {
  const [row] = await app.platform.sql<{ n: string }[]>`
    select count(*)::text as n from es_events where event_type <> 'UserSignedIn'`;
  return Number(row?.n);
};

beforeAll(async () => {
  app = await startAccountsApp();
  expect(await seedDemo(seedOptions())).toBe('seeded');
});
afterAll(async () => {
  await app?.close();
});

describe("the demo member's account", () => {
  it('shows its member the movements, the balance and the documents, whose files they download', async () => {
    const at = await head();
    const holder = app.browser();
    const login = await signIn(holder, DEMO_ACCOUNT_HOLDER, DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const me = (await holder.call('GET', `/api/v1/users/me?minPosition=${login.body.meta.position}`)).body
      .data.id as string;
    const movements = await holder.call(
      'GET',
      `/api/v1/account-transactions?filter[account]=${me}&minPosition=${at}`,
    );
    expect(movements.status).toBe(200);
    expect(movements.body.data).toHaveLength(demoAccountTransactions.length);
    expect(movements.body.meta.totals).toEqual({ balance: DEMO_ACCOUNT_BALANCE });

    const documents = await holder.call('GET', `/api/v1/account-documents?minPosition=${at}`);
    expect((documents.body.data as Doc[]).map((d) => d.attributes.name).sort()).toEqual(
      demoAccountDocuments.map((d) => d.name).sort(),
    );
    const fileId = (documents.body.data as Doc[])[0]!.relationships.file!.data.id;
    const own = await fetch(app.url(`/api/v1/services/files/${fileId}`), {
      headers: { Cookie: `atc_session=${holder.cookie()}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const other = app.browser();
    expect((await signIn(other, 'member2@demo.example', DEMO_PASSWORD)).status).toBe(200);
    const theirs = await other.call('GET', `/api/v1/account-documents?minPosition=${at}`);
    expect(theirs.body.data).toEqual([]);
    const foreign = await fetch(app.url(`/api/v1/services/files/${fileId}`), {
      headers: { Cookie: `atc_session=${other.cookie()}` },
    });
    expect(foreign.status).toBe(404);
    expect((await fetch(app.url(`/api/v1/services/files/${fileId}`))).status).toBe(404);
  });

  it('is seeded once: a run again appends nothing', async () => {
    const before = await seededEvents();
    const users = await app.admin('GET', `/users?page[size]=100&minPosition=${await head()}`);
    const holder = (users.body.data as Doc[]).find((u) => u.attributes.email === DEMO_ACCOUNT_HOLDER)!.id;
    await seedDemoAccounting({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      eventStore: app.platform.eventStore,
      logger: capturedLogger().logger,
      holder,
      features: { transactions: true, documents: true },
    });
    expect(await seededEvents()).toBe(before);
  });
});
