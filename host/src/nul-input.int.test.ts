import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTagResource } from '@platform/contracts/site-settings/lists';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';

/**
 * PostgreSQL refuses the NUL character in text: a request that carries one in its path, its query or its body
 * is the client's mistake, answered 4xx with where it was, never a 500, and nothing is stored.
 */
let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({}, { resources: [adminTagResource] });
});
afterAll(async () => {
  await app.close();
});

describe('a NUL character in a request', () => {
  it('in an id of the path answers 400 on reads and writes', async () => {
    for (const [method, path] of [
      ['GET', '/organizations/%00'],
      ['GET', '/admin-tags/%00'],
      ['GET', '/admin-tags/a%00b/history'],
      ['PATCH', '/admin-tags/%00'],
      ['DELETE', '/admin-tags/%00'],
    ] as const) {
      const answer = await app.admin(
        method,
        path,
        method === 'PATCH' ? { data: { type: 'admin-tags' } } : undefined,
      );
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({
        code: 'validation.invalid_parameter',
        source: { parameter: 'path' },
      });
    }
  });

  it('in a query parameter answers 400 naming the parameter', async () => {
    const answer = await app.admin('GET', '/admin-tags?filter%5Bsearch%5D=a%00&page%5Bsize%5D=5');
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors[0].source).toEqual({ parameter: 'filter[search]' });
  });

  it('in a body answers 422 with the pointer of the value, and nothing is stored', async () => {
    const created = await app.admin('POST', '/admin-tags', {
      data: { type: 'admin-tags', attributes: { name: 'nul\u0000tag' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(422);
    expect(created.body.errors[0].source).toEqual({ pointer: '/data/attributes/name' });
    const keyed = await app.admin('POST', '/admin-tags', {
      data: { type: 'admin-tags', attributes: { ['na\u0000me']: 'x' } },
    });
    expect(keyed.status).toBe(422);
    expect(keyed.body.errors[0].source).toEqual({ pointer: '/data/attributes/na\u0000me' });
    const list = await app.admin('GET', '/admin-tags?filter%5Bsearch%5D=nul');
    expect(list.body.data).toEqual([]);
  });
});
