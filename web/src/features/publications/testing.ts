import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const PAGINATED = 'a1111111-1111-4111-8111-111111111111';
export const SIMPLE = 'a2222222-2222-4222-8222-222222222222';
export const NAVIGATION = 'a3333333-3333-4333-8333-333333333333';
export const HIDDEN_ARTICLE = 'a4444444-4444-4444-8444-444444444444';
export const POST = 'b1111111-1111-4111-8111-111111111111';
export const NEWS_CATEGORY = 'c1111111-1111-4111-8111-111111111111';
export const TAG_EVENTS = 'd1111111-1111-4111-8111-111111111111';

const sections = (prefix: string) => [
  {
    id: `${prefix}-s1`,
    title: 'Getting started',
    content: '<p>First, <a href="https://example.org">read</a>.</p>',
  },
  { id: `${prefix}-s2`, title: 'Going further', content: '<p>Then practise.</p>' },
  { id: `${prefix}-s3`, title: 'Resources', content: '<p>Links and books.</p>' },
];

/** the member who wrote the articles */
export const ARTICLE_AUTHOR = 'a1111111-1111-4111-8111-111111111111';

const ARTICLES = [
  { id: PAGINATED, title: 'Choosing a switch', layout: 'pagination', tags: [TAG_EVENTS] },
  { id: SIMPLE, title: 'Eye gaze basics', layout: 'simple', tags: [] },
  { id: NAVIGATION, title: 'A guide to speech devices', layout: 'navigation', tags: [] },
].map((a) => ({
  type: 'articles',
  id: a.id,
  attributes: {
    title: a.title,
    shortDescription: null,
    excerpt: `About ${a.title.toLowerCase()}.`,
    sections: sections(a.id),
    source: a.id === SIMPLE ? 'The eye gaze handbook' : null,
    externalUrl: null,
    publishedAt: '2026-02-01T09:00:00.000Z',
    likesCount: 3,
    // the simple article has its comments turned off (seed 001 §3, the commentable rule)
    hasComments: a.id !== SIMPLE,
    // written by a member for themselves: the author is the member (seed 001 §3)
    author: { type: 'users', id: ARTICLE_AUTHOR, name: 'Ada Maker' },
  },
  relationships: {
    layout: { data: { type: 'article-layouts', id: a.layout } },
    category: { data: { type: 'categories', id: NEWS_CATEGORY } },
    image: { data: null },
    tags: { data: a.tags.map((id) => ({ type: 'tags', id })) },
    organization: { data: null },
  },
}));

const POSTS = [
  {
    type: 'blog-posts',
    id: POST,
    attributes: {
      title: 'Our new workshop',
      slug: 'our-new-workshop',
      shortDescription: null,
      excerpt: 'We opened a workshop.',
      content: '<p>We opened a <em>workshop</em>.</p><p></p>',
      externalUrl: 'https://example.org/workshop',
      publishedAt: '2026-04-10T09:00:00.000Z',
      likesCount: 0,
      hasComments: true,
      // written for the workshop: the author is the organization
      author: { type: 'organizations', id: 'o1', name: 'Fab workshop' },
    },
    relationships: {
      image: { data: { type: 'files', id: 'cover' } },
      tags: { data: [{ type: 'tags', id: TAG_EVENTS }] },
      organization: { data: { type: 'organizations', id: 'o1' } },
    },
  },
];

const included = [
  { type: 'tags', id: TAG_EVENTS, attributes: { name: 'Events' } },
  {
    type: 'files',
    id: 'cover',
    attributes: { name: 'cover.jpg', description: 'The workshop', previewUrl: '/p/cover.jpg' },
  },
  { type: 'organizations', id: 'o1', attributes: { name: 'Fab workshop', slug: 'fab-workshop' } },
];

/**
 * What a document says to its viewer besides the record (the likable and commentable traits): a member reads
 * whether they like it and whether they may comment; a visitor reads neither.
 */
const forViewer = <T extends { attributes: Record<string, unknown> }>(record: T, member: boolean): T =>
  member
    ? {
        ...record,
        attributes: {
          ...record.attributes,
          likedByViewer: false,
          canComment: record.attributes.hasComments === true,
        },
      }
    : { ...record, attributes: { ...record.attributes, canComment: false } };

/**
 * The articles' and blog posts' reads answered like the API's contract: lists (with `total` as `totalOverride`
 * when given), one by id (a blog post by slug too) as a member or a visitor reads it, and the exists-answer for
 * `hidden` keys; lists are kept.
 */
export function publicationsServer(
  options: { hidden?: string[]; totalOverride?: number; member?: boolean } = {},
) {
  const lists: URL[] = [];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    const list = /^\/api\/v1\/(articles|blog-posts)$/.exec(path);
    if (list) {
      lists.push(request.url);
      const data = list[1] === 'articles' ? ARTICLES : POSTS;
      const tag = request.url.searchParams.get('filter[tags]');
      const found = data.filter((d) => !tag || d.relationships.tags.data.some((t) => t.id === tag));
      return fakeJson(200, { data: found, included, meta: { total: options.totalOverride ?? found.length } });
    }
    const one = /^\/api\/v1\/(articles|blog-posts)\/([^/]+)$/.exec(path);
    if (one) {
      const key = decodeURIComponent(one[2]!);
      const data: Array<{ id: string; attributes: Record<string, unknown> }> =
        one[1] === 'articles' ? ARTICLES : POSTS;
      const found = data.find((d) => d.id === key || d.attributes.slug === key);
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: forViewer(found, options.member === true), included });
    }
    const exists = /^\/api\/v1\/services\/publishables\/(articles|blog-posts)\/([^/]+)$/.exec(path);
    if (exists) {
      const key = decodeURIComponent(exists[2]!);
      return fakeJson(200, {
        data: { type: exists[1], id: key, exists: (options.hidden ?? []).includes(key) },
        meta: {},
      });
    }
    return undefined;
  };
  return { handler, lists };
}
