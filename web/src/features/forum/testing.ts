import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const HELP = '61111111-1111-4111-8111-111111111111';
export const MAKING = '62222222-2222-4222-8222-222222222222';
export const PRINTING = '63333333-3333-4333-8333-333333333333';
export const TAG_SWITCHES = '71111111-1111-4111-8111-111111111111';
export const CHARTER = '51111111-1111-4111-8111-111111111111';
export const GRIPS = '52222222-2222-4222-8222-222222222222';
export const ADMINS_ONLY = '53333333-3333-4333-8333-333333333333';
export const QUESTION = '81111111-1111-4111-8111-111111111111';
export const ANSWER = '82222222-2222-4222-8222-222222222222';
export const THANKS = '83333333-3333-4333-8333-333333333333';
export const ASIDE = '84444444-4444-4444-8444-444444444444';

interface FakeSubject {
  id: string;
  title: string;
  category: string;
  tags: string[];
  pinnedOnHomeAt: string | null;
  pinnedOnCategoryAt: string | null;
  limitToAdmin: boolean;
  likesCount: number;
  likedByViewer: boolean;
  authorName: string;
}

interface FakeMessage {
  id: string;
  subject: string;
  parent: string | null;
  content: string;
  authorName: string;
  likesCount: number;
  likedByViewer: boolean;
  createdAt: string;
}

const CATEGORIES = [
  { id: HELP, name: 'Help', isParent: false, parent: null, subjectsCount: 2 },
  { id: MAKING, name: 'Making', isParent: true, parent: null, subjectsCount: 0 },
  { id: PRINTING, name: '3D printing', isParent: false, parent: MAKING, subjectsCount: 1 },
];

const subjects = (): FakeSubject[] => [
  {
    id: CHARTER,
    title: 'Read me first',
    category: HELP,
    tags: [],
    pinnedOnHomeAt: '2026-01-01T00:00:00.000Z',
    pinnedOnCategoryAt: null,
    limitToAdmin: false,
    likesCount: 4,
    likedByViewer: false,
    authorName: 'Forum keeper',
  },
  {
    id: GRIPS,
    title: 'Which filament for grips?',
    category: PRINTING,
    tags: [TAG_SWITCHES],
    pinnedOnHomeAt: null,
    pinnedOnCategoryAt: '2026-02-01T00:00:00.000Z',
    limitToAdmin: false,
    likesCount: 1,
    likedByViewer: false,
    authorName: 'Maker Max',
  },
  {
    id: ADMINS_ONLY,
    title: 'Announcements',
    category: HELP,
    tags: [],
    pinnedOnHomeAt: null,
    pinnedOnCategoryAt: null,
    limitToAdmin: true,
    likesCount: 0,
    likedByViewer: false,
    authorName: 'anonymous',
  },
];

const messages = (): FakeMessage[] => [
  {
    id: QUESTION,
    subject: GRIPS,
    parent: null,
    content: '<p>Which filament for a <strong>soft grip</strong>?</p><script>alert(1)</script>',
    authorName: 'Maker Max',
    likesCount: 0,
    likedByViewer: false,
    createdAt: '2026-03-01T09:00:00.000Z',
  },
  {
    id: ANSWER,
    subject: GRIPS,
    parent: QUESTION,
    content: '<p>TPU works well. <a href="https://example.org/tpu">Guide</a></p>',
    authorName: 'anonymous',
    likesCount: 2,
    likedByViewer: false,
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  {
    id: THANKS,
    subject: GRIPS,
    parent: ANSWER,
    content: '<p>Thanks!</p>',
    authorName: 'Maker Max',
    likesCount: 0,
    likedByViewer: false,
    createdAt: '2026-03-01T11:00:00.000Z',
  },
  {
    id: ASIDE,
    subject: GRIPS,
    parent: null,
    content: '<p>Also try silicone sleeves.</p>',
    authorName: 'Occupational therapist',
    likesCount: 1,
    likedByViewer: true,
    createdAt: '2026-03-02T09:00:00.000Z',
  },
];

const subjectRecord = (s: FakeSubject, all: FakeMessage[]) => {
  const own = all.filter((m) => m.subject === s.id);
  const latest = own.at(-1);
  return {
    type: 'forum-subjects',
    id: s.id,
    attributes: {
      title: s.title,
      limitToAdmin: s.limitToAdmin,
      pinnedOnHomeAt: s.pinnedOnHomeAt,
      pinnedOnCategoryAt: s.pinnedOnCategoryAt,
      messagesCount: own.length,
      likesCount: s.likesCount,
      likedByViewer: s.likedByViewer,
      authorName: s.authorName,
      createdAt: '2026-02-28T08:00:00.000Z',
      canEdit: false,
      canDelete: false,
    },
    relationships: {
      category: { data: { type: 'forum-categories', id: s.category } },
      tags: { data: s.tags.map((id) => ({ type: 'tags', id })) },
      latestMessage: { data: latest ? { type: 'forum-subject-messages', id: latest.id } : null },
    },
  };
};

const messageRecord = (m: FakeMessage) => ({
  type: 'forum-subject-messages',
  id: m.id,
  attributes: {
    content: m.content,
    likesCount: m.likesCount,
    likedByViewer: m.likedByViewer,
    authorName: m.authorName,
    createdAt: m.createdAt,
    newMessagesCount: 0,
  },
  relationships: {
    subject: { data: { type: 'forum-subjects', id: m.subject } },
    parentMessage: { data: m.parent ? { type: 'forum-subject-messages', id: m.parent } : null },
  },
});

const error = (status: number, code: string, detail: string, pointer?: string) =>
  fakeJson(status, {
    errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }],
  });

type Body = { data?: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } };
const relId = (body: Body, name: string) =>
  (body.data?.relationships?.[name] as { data?: { id?: string } } | undefined)?.data?.id ?? null;

/**
 * The forum's reads and writes answered like the resource layer's contract: lists with their filters and sorts
 * (pinned first as the sort names), a subject by id, a subject's messages, a message written (403
 * auth.forum_subject_limited in a subject limited to administrators, 422 on an empty content), a subject created,
 * likes and reports. Every request is kept.
 */
export function forumServer(options: { countedTo?: number } = {}) {
  const state = {
    subjects: subjects(),
    messages: messages(),
    requests: [] as FakeRequest[],
    next: 0,
  };
  const lists = (path: string) =>
    state.requests
      .filter((r) => r.method === 'GET' && r.url.pathname === path)
      .map((r) => r.url.searchParams);
  const writes = (method: string, path: RegExp) =>
    state.requests.filter((r) => r.method === method && path.test(r.url.pathname));
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (!path.startsWith('/api/v1/forum-') && !path.startsWith('/api/v1/reports')) return undefined;
    state.requests.push(request);
    const q = request.url.searchParams;
    if (request.method === 'GET' && path === '/api/v1/forum-categories')
      return fakeJson(200, {
        data: CATEGORIES.map((c) => ({
          type: 'forum-categories',
          id: c.id,
          attributes: { name: c.name, isParent: c.isParent, subjectsCount: c.subjectsCount },
          relationships: { parent: { data: c.parent ? { type: 'forum-categories', id: c.parent } : null } },
        })),
        meta: { total: CATEGORIES.length },
      });
    if (request.method === 'GET' && path === '/api/v1/forum-subjects') {
      const category = q.get('filter[category]');
      const tag = q.get('filter[tags]');
      const pin = (q.get('sort') ?? '').startsWith('-pinnedOnCategoryAt')
        ? 'pinnedOnCategoryAt'
        : 'pinnedOnHomeAt';
      const found = state.subjects
        .filter((s) => (!category || s.category === category) && (!tag || s.tags.includes(tag)))
        .sort((a, b) => Number(b[pin] !== null) - Number(a[pin] !== null));
      const latest = found.flatMap((s) => state.messages.filter((m) => m.subject === s.id).slice(-1));
      return fakeJson(200, {
        data: found.map((s) => subjectRecord(s, state.messages)),
        included: [
          { type: 'tags', id: TAG_SWITCHES, attributes: { name: 'Switches', colour: 'blue' } },
          ...latest.map(messageRecord),
        ],
        // `countedTo`: a list that stopped counting there, more subjects follow (ADR 0045)
        meta:
          options.countedTo === undefined
            ? { total: found.length }
            : { total: options.countedTo, totalCapped: true },
      });
    }
    const one = /^\/api\/v1\/forum-subjects\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const found = state.subjects.find((s) => s.id === decodeURIComponent(one[1]!));
      if (!found) return error(404, 'not_found', 'forum-subject not found');
      return fakeJson(200, {
        data: subjectRecord(found, state.messages),
        included: [{ type: 'tags', id: TAG_SWITCHES, attributes: { name: 'Switches', colour: 'blue' } }],
      });
    }
    if (request.method === 'GET' && path === '/api/v1/forum-subject-messages') {
      const subject = q.get('filter[subject]');
      const found = state.messages.filter((m) => m.subject === subject);
      return fakeJson(200, { data: found.map(messageRecord), meta: { total: found.length } });
    }
    if (request.method === 'POST' && path === '/api/v1/forum-subject-messages') {
      const body = request.body as Body;
      const subjectId = relId(body, 'subject');
      const subject = state.subjects.find((s) => s.id === subjectId);
      if (subject?.limitToAdmin)
        return error(
          403,
          'auth.forum_subject_limited',
          'This subject takes the messages of administrators only',
          '/data/relationships/subject',
        );
      const content = String(body.data?.attributes?.content ?? '');
      if (content.includes('forbidden word'))
        return error(422, 'validation.invalid', 'The content is refused', '/data/attributes/content');
      const id = `9${String(++state.next).padStart(7, '0')}-0000-4000-8000-000000000000`;
      state.messages.push({
        id,
        subject: subjectId!,
        parent: relId(body, 'parentMessage'),
        content,
        authorName: 'Ada Lovelace',
        likesCount: 0,
        likedByViewer: false,
        createdAt: '2026-03-05T09:00:00.000Z',
      });
      return fakeJson(201, {
        data: { type: 'forum-subject-messages', id },
        meta: { position: String(100 + state.next) },
      });
    }
    if (request.method === 'POST' && path === '/api/v1/forum-subjects') {
      const body = request.body as Body;
      const title = String(body.data?.attributes?.title ?? '');
      if (title.length > 100)
        return error(422, 'validation.too_long', 'The title is too long', '/data/attributes/title');
      const id = `a${String(++state.next).padStart(7, '0')}-0000-4000-8000-000000000000`;
      state.subjects.push({
        id,
        title,
        category: relId(body, 'category')!,
        tags: [],
        pinnedOnHomeAt: null,
        pinnedOnCategoryAt: null,
        limitToAdmin: false,
        likesCount: 0,
        likedByViewer: false,
        authorName: 'Ada Lovelace',
      });
      return fakeJson(201, {
        data: { type: 'forum-subjects', id },
        meta: { position: String(100 + state.next) },
      });
    }
    const like = /^\/api\/v1\/(forum-subjects|forum-subject-messages)\/([^/]+)\/like$/.exec(path);
    if (like && (request.method === 'POST' || request.method === 'DELETE'))
      return fakeJson(200, { data: { type: 'likes', id: 'like-1' }, meta: { position: '77' } });
    if (request.method === 'POST' && path === '/api/v1/reports')
      return fakeJson(201, { data: { type: 'reports', id: 'report-1' }, meta: { position: '78' } });
    return undefined;
  };
  return { state, handler, lists, writes };
}
