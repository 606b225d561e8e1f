import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc } from '@platform/tests/support/layer-test-types';

/** The surveys feature off (FEATURE_SURVEYS=false, issue 23): the records, the answers and the results are not served. */
let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsApp({}, { features: { surveys: false } });
});
afterAll(async () => {
  await app?.close();
});

describe('with the surveys feature off', () => {
  it('answers 404 for the surveys, their choices, an answer and the results', async () => {
    const id = randomUUID();
    expect((await app.admin('GET', '/surveys')).status).toBe(404);
    expect((await app.admin('GET', '/survey-choices')).status).toBe(404);
    expect((await app.admin('POST', '/surveys', doc('surveys', { question: 'Off?' }))).status).toBe(404);
    const answer = await fetch(app.url(`/api/v1/services/surveys/${id}/answers`), {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { relationships: { choices: { data: [] } } } }),
    });
    expect(answer.status).toBe(404);
    expect((await app.admin('GET', `/services/surveys/${id}/results`)).status).toBe(404);
  });
});
