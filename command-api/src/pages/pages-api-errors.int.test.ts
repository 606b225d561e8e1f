import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import {
  anonymous,
  componentDocument,
  pageDocument,
  startPagesApi,
  type PagesApi,
} from '@platform/tests/support/apps/pages-api';

let api: PagesApi;
let pageId: string;
let pageVersion: string;
beforeAll(async () => {
  api = await startPagesApi();
  const created = await api.send('POST', '/app-pages', pageDocument({ title: 'Contact', path: '/contact' }));
  expect(created.status).toBe(201);
  pageId = created.body.data.id;
  pageVersion = created.body.meta.version;
});
afterAll(async () => {
  await api.close();
});

/** Every bad input gets its 4xx: the status, the code, and where the pointer says the problem is. */
async function expectError(
  answer: Promise<{ status: number; body: { errors?: Array<Record<string, unknown>> } }>,
  status: number,
  code: string,
  pointer?: string,
) {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  const error = body.errors?.find((e) => e.code === code);
  expect(error, JSON.stringify(body)).toBeDefined();
  if (pointer !== undefined) expect(error?.source).toEqual({ pointer });
}

describe('pages API: bad input is a 4xx, never a 500', () => {
  it('unknown component type => 422 pointing at the name', async () => {
    const doc = componentDocument(pageId, { name: 'marquee', props: {} });
    await expectError(
      api.send('POST', '/app-page-components', doc),
      422,
      'validation.unknown_component_type',
      '/data/attributes/name',
    );
  });

  it('invalid props => 422 pointing into the props', async () => {
    const missingTitle = componentDocument(pageId, { name: 'title', props: { level: 2 } });
    await expectError(
      api.send('POST', '/app-page-components', missingTitle),
      422,
      'validation.required',
      '/data/attributes/props/title',
    );
    const badButton = componentDocument(pageId, {
      name: 'buttons',
      props: { buttons: [{ kind: 'internal', label: 'Go', path: '/a b' }] },
    });
    await expectError(
      api.send('POST', '/app-page-components', badButton),
      422,
      'validation.invalid',
      '/data/attributes/props/buttons/0/path',
    );
    const notAnObject = componentDocument(pageId, { name: 'title', props: 'big' });
    await expectError(
      api.send('POST', '/app-page-components', notAnObject),
      422,
      'validation.invalid',
      '/data/attributes/props',
    );
  });

  it('duplicate path => 409 pointing at the path, however the path is written', async () => {
    for (const path of ['/contact', '//contact/', 'contact']) {
      await expectError(
        api.send('POST', '/app-pages', pageDocument({ title: 'Again', path })),
        409,
        'conflict.duplicate_path',
        '/data/attributes/path',
      );
    }
    const other = await api.send('POST', '/app-pages', pageDocument({ title: 'Other', path: '/other' }));
    await expectError(
      api.send('PATCH', `/app-pages/${other.body.data.id}`, pageDocument({ path: '/contact' })),
      409,
      'conflict.duplicate_path',
      '/data/attributes/path',
    );
  });

  it('lets exactly one of concurrent creations of one path win', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.send('POST', '/app-pages', pageDocument({ title: `t${i}`, path: '/race' })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('publishing an unchanged draft or a page that is not a draft => 409', async () => {
    const page = await api.send('POST', '/app-pages', pageDocument({ title: 'Drafted', path: '/drafted' }));
    const draft = await api.send('POST', `/app-pages/${page.body.data.id}/draft`);
    expect(draft.status).toBe(201);
    await expectError(
      api.send('POST', `/services/app-pages/${draft.body.data.id}/publish`),
      409,
      'conflict.draft_unchanged',
    );
    await expectError(api.send('POST', `/services/app-pages/${pageId}/publish`), 409, 'conflict.state');
    await expectError(api.send('POST', `/app-pages/${draft.body.data.id}/draft`), 409, 'conflict.state');
    await expectError(api.send('POST', `/app-pages/${page.body.data.id}/draft`), 409, 'conflict.state');
    await expectError(api.send('DELETE', `/app-pages/${page.body.data.id}`), 409, 'conflict.state');
    // deleting the draft unlinks it: the page can then be deleted
    expect((await api.send('DELETE', `/app-pages/${draft.body.data.id}`)).status).toBe(200);
    expect((await api.send('DELETE', `/app-pages/${page.body.data.id}`)).status).toBe(200);
  });

  it('a stale If-Match => 409; the current one is accepted', async () => {
    const first = await api.send('PATCH', `/app-pages/${pageId}`, pageDocument({ title: 'Contact us' }), {
      Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
      'If-Match': `"${pageVersion}"`,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await expectError(
      api.send('PATCH', `/app-pages/${pageId}`, pageDocument({ title: 'Lost update' }), {
        Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
        'If-Match': `"${pageVersion}"`,
      }),
      409,
      'conflict.wrong_expected_version',
    );
    await expectError(
      api.send(
        'POST',
        '/app-page-components',
        componentDocument(pageId, { name: 'title', props: { title: 'x' } }),
        {
          Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
          'If-Match': '"0"',
        },
      ),
      409,
      'conflict.wrong_expected_version',
    );
  });

  it('malformed JSON => 400', async () => {
    await expectError(
      api.send('POST', '/app-pages', '{"data": {"type": "app-pages",'),
      400,
      'validation.malformed_json',
    );
    await expectError(api.send('PATCH', `/app-pages/${pageId}`, '{nope}'), 400, 'validation.malformed_json');
  });

  it('no token => 401, a wrong token => 401', async () => {
    const doc = pageDocument({ title: 'x', path: '/x' });
    await expectError(api.send('POST', '/app-pages', doc, anonymous), 401, 'auth.unauthenticated');
    await expectError(
      api.send('DELETE', `/app-pages/${pageId}`, undefined, anonymous),
      401,
      'auth.unauthenticated',
    );
    await expectError(
      api.send('POST', `/services/app-pages/${pageId}/publish`, undefined, anonymous),
      401,
      'auth.unauthenticated',
    );
    await expectError(
      api.send('POST', '/app-pages', doc, { Authorization: 'Bearer not-the-token' }),
      401,
      'auth.unauthenticated',
    );
  });

  it('unknown ids => 404', async () => {
    const unknown = randomUUID();
    await expectError(
      api.send('PATCH', `/app-pages/${unknown}`, pageDocument({ title: 'x' })),
      404,
      'not_found',
    );
    await expectError(api.send('DELETE', `/app-pages/${unknown}`), 404, 'not_found');
    await expectError(api.send('GET', `/app-pages/${unknown}`), 404, 'not_found');
    await expectError(api.send('GET', '/app-pages/not-a-uuid'), 404, 'not_found');
    await expectError(api.send('GET', `/services/app-pages/${unknown}`), 404, 'not_found');
    await expectError(api.send('POST', `/services/app-pages/${unknown}/publish`), 404, 'not_found');
    await expectError(api.send('POST', `/app-pages/${unknown}/draft`), 404, 'not_found');
    await expectError(api.send('GET', `/app-page-components/${unknown}`), 404, 'not_found');
    await expectError(api.send('DELETE', `/app-page-components/${unknown}`), 404, 'not_found');
    await expectError(
      api.send('PATCH', `/app-page-components/${unknown}`, {
        data: {
          type: 'app-page-components',
          attributes: { viewId: 'x' },
          relationships: { page: { data: { type: 'app-pages', id: pageId } } },
        },
      }),
      404,
      'not_found',
    );
    await expectError(
      api.send(
        'POST',
        '/app-page-components',
        componentDocument(unknown, { name: 'title', props: { title: 'x' } }),
      ),
      404,
      'not_found',
    );
  });

  it('a document that is not what the resource takes => 422 with pointers', async () => {
    await expectError(
      api.send('POST', '/app-pages', pageDocument({ title: 'No path' })),
      422,
      'validation.required',
      '/data/attributes/path',
    );
    await expectError(
      api.send('POST', '/app-pages', pageDocument({ title: 'Blank', path: '  ' })),
      422,
      'validation.required',
      '/data/attributes/path',
    );
    await expectError(
      api.send('POST', '/app-pages', pageDocument({ path: '/no-title' })),
      422,
      'validation.required',
      '/data/attributes/title',
    );
    await expectError(
      api.send('POST', '/app-pages', pageDocument({ title: 'x', path: '/x', accessLevel: 'platinum' })),
      422,
      'validation.invalid',
      '/data/attributes/accessLevel',
    );
    await expectError(
      api.send('POST', '/app-pages', pageDocument({ title: 'x', path: '/x', colour: 'red' })),
      422,
      'validation.invalid',
      '/data/attributes',
    );
    await expectError(
      api.send('POST', '/app-pages', {
        data: { type: 'app-menu-items', attributes: { title: 'x', path: '/x' } },
      }),
      422,
      'validation.invalid',
      '/data/type',
    );
    await expectError(api.send('POST', '/app-pages', []), 422, 'validation.required');
    await expectError(
      api.send('PATCH', `/app-pages/${pageId}`, pageDocument({ title: 'x' }, randomUUID())),
      409,
      'conflict.state',
      '/data/id',
    );
    await expectError(
      api.send('GET', '/app-pages?filter[isDraft]=maybe'),
      400,
      'validation.invalid_parameter',
    );
    await expectError(
      api.send('GET', '/app-page-components?filter[page]=nope'),
      400,
      'validation.invalid_parameter',
    );
  });

  it('a retried create (same Idempotency-Key) answers as the first time and records one page', async () => {
    const headers = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Idempotency-Key': 'create-faq-1' };
    const first = await api.send('POST', '/app-pages', pageDocument({ title: 'FAQ', path: '/faq' }), headers);
    const again = await api.send('POST', '/app-pages', pageDocument({ title: 'FAQ', path: '/faq' }), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await api.store.readStream(`page-${first.body.data.id}`)).toHaveLength(1);
  });
});
