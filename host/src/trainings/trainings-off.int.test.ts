import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingResourceResources, trainingsResources } from '@platform/contracts/trainings/records';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc } from '@platform/tests/support/layer-test-types';

/** The trainings feature off (FEATURE_TRAININGS=false): none of its types is served, to anyone. */
let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsApp({}, { features: { trainings: false } });
});
afterAll(async () => {
  await app?.close();
});

describe('with the trainings feature off', () => {
  it('answers 404 for every training type, its lists, its records and its writes', async () => {
    for (const { type } of [...trainingResourceResources, ...trainingsResources]) {
      expect((await app.admin('GET', `/${type}`)).status, type).toBe(404);
      expect((await app.admin('GET', `/${type}/0a000000-0000-4000-8000-000000000001`)).status, type).toBe(
        404,
      );
      expect((await app.browser().call('GET', `/api/v1/${type}`)).status, type).toBe(404);
    }
    expect(
      (await app.admin('POST', '/training-resource-themes', doc('training-resource-themes', { name: 'Off' })))
        .status,
    ).toBe(404);
    // the rest of the platform is served
    expect((await app.admin('GET', '/repository-items')).status).toBe(200);
  });
});
