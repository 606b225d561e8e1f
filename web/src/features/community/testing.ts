import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

/** A comment as the fake API keeps it. */
export interface FakeComment {
  id: string;
  /** the commented record, `type:id` as filter[commentable] names it */
  on: string;
  parent: string | null;
  content: string;
  authorName: string;
  createdAt: string;
  /** the reader wrote it: the documents say canEdit and canDelete */
  mine?: boolean;
}

type Body = { data?: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } };
const rel = (body: Body, name: string) =>
  (body.data?.relationships?.[name] as { data?: { type?: string; id?: string } } | undefined)?.data ?? null;

const error = (status: number, code: string, detail: string, pointer?: string) =>
  fakeJson(status, {
    errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }],
  });

/**
 * The community's reads and writes answered like the resource layer's contract: a record's comments
 * (filter[commentable]=type:id, oldest first), a comment written (422 validation.comments_disabled on the
 * commentable relationship for the records in `closed`, 422 on the content when it holds "forbidden word"), likes
 * and reports. Every request is kept.
 */
export function communityServer(options: { comments?: FakeComment[]; closed?: string[] } = {}) {
  const state = { comments: [...(options.comments ?? [])], requests: [] as FakeRequest[], next: 0 };
  const writes = (method: string, path: RegExp) =>
    state.requests.filter((r) => r.method === method && path.test(r.url.pathname));
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    const like = /^\/api\/v1\/[a-z-]+\/[^/]+\/like$/.test(path);
    const one = /^\/api\/v1\/comments\/([^/]+)(\/soft-delete)?$/.exec(path);
    if (!like && !one && path !== '/api/v1/comments' && path !== '/api/v1/reports') return undefined;
    state.requests.push(request);
    if (like && (request.method === 'POST' || request.method === 'DELETE'))
      return fakeJson(200, { data: { type: 'likes', id: 'like-1' }, meta: { position: '77' } });
    if (request.method === 'POST' && path === '/api/v1/reports')
      return fakeJson(201, { data: { type: 'reports', id: 'report-1' }, meta: { position: '78' } });
    if (request.method === 'GET' && path === '/api/v1/comments') {
      const on = request.url.searchParams.get('filter[commentable]');
      const found = state.comments.filter((c) => c.on === on);
      return fakeJson(200, {
        data: found.map((c) => ({
          type: 'comments',
          id: c.id,
          attributes: {
            content: c.content,
            authorName: c.authorName,
            createdAt: c.createdAt,
            canEdit: c.mine === true,
            canDelete: c.mine === true,
          },
          relationships: {
            commentable: { data: { type: c.on.split(':')[0], id: c.on.split(':')[1] } },
            parentComment: { data: c.parent ? { type: 'comments', id: c.parent } : null },
          },
        })),
        meta: { total: found.length },
      });
    }
    if (request.method === 'POST' && path === '/api/v1/comments') {
      const body = request.body as Body;
      const target = rel(body, 'commentable');
      const on = `${target?.type}:${target?.id}`;
      if ((options.closed ?? []).includes(on))
        return error(
          422,
          'validation.comments_disabled',
          'Comments are disabled: comments are turned off on the record',
          '/data/relationships/commentable',
        );
      const content = String(body.data?.attributes?.content ?? '');
      if (content.includes('forbidden word'))
        return error(422, 'validation.invalid', 'The content is refused', '/data/attributes/content');
      const id = `c${String(++state.next).padStart(7, '0')}-0000-4000-8000-000000000000`;
      state.comments.push({
        id,
        on,
        parent: rel(body, 'parentComment')?.id ?? null,
        content,
        authorName: 'Ada Lovelace',
        createdAt: '2026-03-05T09:00:00.000Z',
        mine: true,
      });
      return fakeJson(201, { data: { type: 'comments', id }, meta: { position: String(200 + state.next) } });
    }
    // a comment's new text (PATCH) or its deletion (POST …/soft-delete), by its author only
    if (one) {
      const comment = state.comments.find((c) => c.id === decodeURIComponent(one[1]!));
      if (!comment) return error(404, 'not_found', 'No comment has this id');
      if (!comment.mine) return error(403, 'forbidden', 'Only its author may change it');
      const position = String(300 + ++state.next);
      if (request.method === 'PATCH' && !one[2]) {
        const content = String((request.body as Body).data?.attributes?.content ?? '');
        if (content.includes('forbidden word'))
          return error(422, 'validation.invalid', 'The content is refused', '/data/attributes/content');
        comment.content = content;
        return fakeJson(200, { data: { type: 'comments', id: comment.id }, meta: { position } });
      }
      if (request.method === 'POST' && one[2]) {
        state.comments = state.comments.filter((c) => c !== comment);
        return fakeJson(200, { data: { type: 'comments', id: comment.id }, meta: { position } });
      }
    }
    return undefined;
  };
  return { state, handler, writes };
}
