import { z } from 'zod/v4';
import { SlugSchema, slugify } from '../organizations/events.ts';
import { allows, APP_ADMINS, APP_ADMINS_ONLY, either, type ViewerFacts } from '../resources/access.ts';
import {
  defineResource,
  PUBLICATION_REQUEST_EVENTS,
  type RecordOf,
  type ResourceCreatedData,
  type ResourceDefinition,
} from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { file } from '../resources/files.ts';
import type { ResourceState } from '../resources/state.ts';
import { CONTRIBUTORS, excerpt, PUBLICATION_ACCESS, PUBLISHERS } from './access.ts';
import {
  PUBLICATION_REQUEST_STATUSES,
  PUBLICATION_REQUEST_TYPES,
  PublicationRequestAccepted,
  PublicationRequestPublished,
  PublicationRequestRefused,
  PublicationRequestSubmitted,
} from './requests.ts';

/**
 * The publications (issue 21; seed 001 §3 "### Content") on the resource layer: articles in their layouts and
 * categories, blog posts, calendar events, and the publication requests of all of them (a read-only record built
 * from the requests' events). Articles, their categories and layouts depend on the articles feature
 * (FEATURE_ARTICLES), events on the calendar feature (FEATURE_CALENDAR); blog posts are always served (the seed
 * has no blog flag). Publishing (publishedAt, accessLevel) is for the publishers; authors ask by a request.
 */

const title = z.string().trim().min(1).max(255);
const note = (max: number) => z.string().trim().max(max).nullable().default(null);
const url = z.string().trim().url().max(2048);
const instant = z.string().datetime({ offset: true });

/** Seed 001 §4: "Article layouts: simple, pagination, navigation, with pagination as the default." */
export const ARTICLE_LAYOUTS = ['simple', 'pagination', 'navigation'] as const;
export type ArticleLayout = (typeof ARTICLE_LAYOUTS)[number];
export const DEFAULT_ARTICLE_LAYOUT: ArticleLayout = 'pagination';

/** Seed 001 §4: "Article status: draft, unlisted, published." Derived, never stored (R1). */
export const ARTICLE_STATUSES = ['draft', 'unlisted', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** An article's status: draft until it has a publication date, then unlisted or published (R1). */
export function articleStatus(attributes: { publishedAt?: unknown; unlisted?: unknown }): ArticleStatus {
  if (attributes.publishedAt === null || attributes.publishedAt === undefined) return 'draft';
  return attributes.unlisted === true ? 'unlisted' : 'published';
}

/** At most this many sections in one article. */
export const ARTICLE_SECTIONS_MAX = 100;

/** One section of an article: the unit of its pagination and navigation (R1). */
export const ArticleSectionSchema = z
  .object({
    id: z.string().uuid(),
    title,
    content: richText(z.string().max(200_000)),
  })
  .strict();
export type ArticleSection = z.infer<typeof ArticleSectionSchema>;

/**
 * An article's sections, in their order (positions 1..n are the array's): ids are unique, each problem on its
 * section's field (a 422 at /data/attributes/sections/<index>/<field>).
 */
export const ArticleSectionsSchema = z
  .array(ArticleSectionSchema)
  .max(ARTICLE_SECTIONS_MAX)
  .superRefine((sections, context) => {
    const ids = new Map<string, number>();
    sections.forEach((section, index) => {
      if (ids.has(section.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `id ${section.id} is already section ${ids.get(section.id)! + 1}'s`,
        });
      else ids.set(section.id, index);
    });
  });

/** An article layout: three fixed rows, renamed by administrators, never added to nor removed. */
export const articleLayoutResource = defineResource({
  type: 'article-layouts',
  singular: 'article-layout',
  category: 'articlelayout',
  eventPrefix: 'ArticleLayout',
  module: 'publications',
  feature: 'articles',
  menu: { group: 'articles', icon: 'view_agenda' },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  traits: { translatable: ['name'] },
  fixedRows: {
    rows: [
      { id: 'simple', attributes: { name: 'Simple' } },
      { id: 'pagination', attributes: { name: 'Pagination' } },
      { id: 'navigation', attributes: { name: 'Navigation' } },
    ],
    kept: [...ARTICLE_LAYOUTS],
  },
  access: { see: APP_ADMINS, index: 'everyone', show: 'everyone', update: APP_ADMINS },
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** Publishers and members with the contributor role: they file articles in any category. */
const CATEGORY_WRITERS = either(PUBLISHERS, { roles: ['contributor'] });

/**
 * The target rule of an article's category: a category that does not allow contributions takes the articles of
 * publishers and contributors only (422 validation.category_closed on /data/relationships/category).
 */
export function categoryOpenTo(
  _target: ResourceDefinition,
  state: ResourceState,
  _now: Date,
  viewer?: ViewerFacts,
) {
  if (state.status !== 'active') return null; // the existence check answers
  if (state.attributes.allowContributions === true) return null;
  if (viewer && allows(CATEGORY_WRITERS, viewer)) return null;
  return {
    code: 'validation.category_closed' as const,
    detail: 'This category takes the articles of publishers and contributors only',
  };
}

/** A content category (seed 001 §3 category): articles are filed in one. */
export const contentCategoryResource = defineResource({
  type: 'categories',
  singular: 'category',
  category: 'contentcategory',
  eventPrefix: 'ContentCategory',
  module: 'publications',
  feature: 'articles',
  menu: { group: 'articles', icon: 'category' },
  attributes: z.object({
    name: title,
    hasExternalUrl: z.boolean().default(false),
    hasImage: z.boolean().default(false),
    hasSource: z.boolean().default(false),
    hasAssociatedOrganizations: z.boolean().default(false),
    allowContributions: z.boolean().default(false),
    alertText: note(1000),
    alertLinkText: note(255),
    alertLinkUrl: url.nullable().default(null),
  }),
  relationships: {
    // the seed's defaultLayoutId
    defaultLayout: { type: 'article-layouts', default: DEFAULT_ARTICLE_LAYOUT },
  },
  traits: { translatable: ['name', 'alertText', 'alertLinkText'] },
  viewerFlags: true,
  unique: ['name'],
  access: { ...APP_ADMINS_ONLY, index: 'everyone', show: 'everyone' },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

const publication = {
  publishable: { publishedBy: PUBLISHERS },
  publicationItem: { requests: true },
  taggable: true,
  likable: true,
  commentable: true,
  reportable: true,
} as const;

/** An article (seed 001 §3): sections shown in its layout, filed in a category. */
export const articleResource = defineResource({
  type: 'articles',
  singular: 'article',
  category: 'article',
  eventPrefix: 'Article',
  module: 'publications',
  feature: 'articles',
  menu: { group: 'articles', icon: 'article' },
  attributes: z.object({
    title,
    shortDescription: note(1000),
    sections: ArticleSectionsSchema.default([]),
    unlisted: z.boolean().default(false),
    externalUrl: url.nullable().default(null),
    source: note(1000),
  }),
  relationships: {
    layout: { type: 'article-layouts', required: true, default: DEFAULT_ARTICLE_LAYOUT },
    image: file({ family: 'image' }),
    category: { type: 'categories', targetRule: categoryOpenTo },
  },
  traits: {
    ...publication,
    categorised: { type: 'categories' },
    translatable: ['title', 'shortDescription', 'sections'],
  },
  softDeletable: true,
  derived: {
    status: (a) => articleStatus(a),
    excerpt: (a) =>
      excerpt(
        a.shortDescription as string | null,
        ((a.sections as ArticleSection[] | undefined) ?? [])[0]?.content ?? '',
      ),
  },
  access: PUBLICATION_ACCESS,
  filters: ['unlisted'],
  search: ['title', 'shortDescription'],
  sorts: ['title'],
  // version 2: its table has the index of its descending default sort (issue 21's bench); 3: its tags' list index
  // (ADR 0050)
  version: 3,
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  title: 'title',
  globalSearch: {
    title: 'title',
    description: 'shortDescription',
    path: { component: 'articles', key: 'id' },
  },
});

/** A blog post (seed 001 §3), found by its slug as by its id. */
export const blogPostResource = defineResource({
  type: 'blog-posts',
  singular: 'blog-post',
  category: 'blogpost',
  eventPrefix: 'BlogPost',
  module: 'publications',
  menu: { group: 'articles', icon: 'newspaper' },
  attributes: z.object({
    title,
    slug: SlugSchema.optional(),
    shortDescription: note(1000),
    content: richText(z.string().max(200_000)).default(''),
    externalUrl: url.nullable().default(null),
  }),
  relationships: { image: file({ family: 'image' }) },
  traits: { ...publication, translatable: ['title', 'shortDescription', 'content'] },
  softDeletable: true,
  unique: ['slug'],
  lookupBy: 'slug',
  beforeChange: (next) => (next.slug ? {} : { slug: slugify(next.title) }),
  invariants: ({ slug }) =>
    SlugSchema.safeParse(slug).success
      ? []
      : [{ attribute: 'slug', detail: 'give a slug: the title makes none' }],
  derived: { excerpt: (a) => excerpt(a.shortDescription as string | null, a.content as string) },
  access: PUBLICATION_ACCESS,
  filters: ['slug'],
  search: ['title', 'shortDescription'],
  sorts: ['title'],
  // version 2: its table has the index of its descending default sort (issue 21's bench); 3: its tags' list index
  // (ADR 0050)
  version: 3,
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  title: 'title',
  globalSearch: {
    title: 'title',
    description: 'shortDescription',
    path: { component: 'blog-posts', key: 'slug' },
  },
});

/** A calendar event (seed 001 §3): at a real place, or online at its https link. */
export const calendarEventResource = defineResource({
  type: 'calendar-events',
  singular: 'calendar-event',
  category: 'calendarevent',
  eventPrefix: 'CalendarEvent',
  module: 'publications',
  feature: 'calendar',
  menu: { group: 'articles', icon: 'event' },
  attributes: z.object({
    title,
    description: richText(z.string().max(200_000)).default(''),
    /** the organiser's name as shown (R4); the account that wrote it is createdBy */
    creator: note(255),
    externalUrl: url.nullable().default(null),
    isRealLocation: z.boolean().default(true),
    location: note(500),
    startAt: instant,
    endAt: instant,
  }),
  relationships: { image: file({ family: 'image' }) },
  traits: { ...publication, translatable: ['title', 'description'] },
  softDeletable: true,
  invariants: ({ startAt, endAt, isRealLocation, location }) => {
    const problems: Array<{ attribute: string; detail: string }> = [];
    if (new Date(String(endAt)).getTime() < new Date(String(startAt)).getTime())
      problems.push({ attribute: 'endAt', detail: 'the end is before the start' });
    if (isRealLocation === false && !(typeof location === 'string' && /^https:\/\/\S+$/i.test(location)))
      problems.push({ attribute: 'location', detail: "an online event's location is its https link" });
    return problems;
  },
  derived: { excerpt: (a) => excerpt(null, a.description as string) },
  access: PUBLICATION_ACCESS,
  listFilters: { between: { kind: 'overlaps', start: 'startAt', end: 'endAt' } },
  search: ['title'],
  sorts: ['startAt', 'title'],
  // version 2: its tags' list index (ADR 0050)
  version: 2,
  defaultSort: { field: 'startAt', direction: 'asc' },
  title: 'title',
  globalSearch: { title: 'title', description: 'description', path: { component: 'calendar', key: 'id' } },
});

type Submitted = z.infer<typeof PublicationRequestSubmitted.schema>;
type Accepted = z.infer<typeof PublicationRequestAccepted.schema>;
type Refused = z.infer<typeof PublicationRequestRefused.schema>;
type Published = z.infer<typeof PublicationRequestPublished.schema>;

/**
 * A publication request (seed 001 §3 publication-request) as the back office lists it: read-only, built from the
 * requests' events on their items' streams (legacyEvents), its history read from its item's stream (historyVia).
 * Read by publishers and by its submitter (the actor of its submission); its back office screens open to the
 * contributors (the only members who submit).
 */
export const publicationRequestResource = defineResource({
  type: 'publication-requests',
  singular: 'publication-request',
  category: 'publicationrequest',
  eventPrefix: 'PublicationRequest',
  module: 'publications',
  menu: { group: 'community', icon: 'fact_check' },
  attributes: z.object({
    description: z.string().max(5000).default(''),
    targetedPublishedAt: instant.nullable().default(null),
    refuseReason: z.string().max(5000).nullable().default(null),
    status: z.enum(PUBLICATION_REQUEST_STATUSES).default('pending'),
    submittedAt: instant.nullable().default(null),
    decidedAt: instant.nullable().default(null),
    publishedAt: instant.nullable().default(null),
  }),
  relationships: {
    publishable: { polymorphic: { types: PUBLICATION_REQUEST_TYPES }, immutable: true },
  },
  // its screens open to those who write publication items; each lists and shows its own requests only
  access: {
    see: CONTRIBUTORS,
    index: either(PUBLISHERS, 'author'),
    show: either(PUBLISHERS, 'author'),
  },
  historyVia: {
    relationship: 'publishable',
    belongs: (event, id) => (event.data as { requestId?: unknown } | null)?.requestId === id,
  },
  filters: ['status'],
  sorts: ['submittedAt'],
  // version 2: its table has the index of its descending default sort (issue 21's bench)
  version: 2,
  defaultSort: { field: 'submittedAt', direction: 'desc' },
  title: 'description',
  legacyEvents: {
    [PUBLICATION_REQUEST_EVENTS.submitted]: {
      kind: 'created',
      upcast: (data): ResourceCreatedData => {
        const d = data as Submitted;
        return {
          id: d.requestId,
          attributes: {
            description: d.description,
            targetedPublishedAt: d.targetedPublishedAt,
            refuseReason: null,
            status: 'pending',
            submittedAt: d.submittedAt,
            decidedAt: null,
            publishedAt: null,
          },
          relationships: { publishable: { type: d.itemType, id: d.itemId } },
        };
      },
    },
    [PUBLICATION_REQUEST_EVENTS.accepted]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as Accepted;
        return {
          id: d.requestId,
          attributes: { status: 'accepted', decidedAt: d.acceptedAt },
          relationships: {},
        };
      },
    },
    [PUBLICATION_REQUEST_EVENTS.refused]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as Refused;
        return {
          id: d.requestId,
          attributes: { status: 'refused', decidedAt: d.refusedAt, refuseReason: d.refuseReason },
          relationships: {},
        };
      },
    },
    [PUBLICATION_REQUEST_EVENTS.published]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as Published;
        return { id: d.requestId, attributes: { publishedAt: d.publishedAt }, relationships: {} };
      },
    },
  },
});

export type ArticleRecord = RecordOf<typeof articleResource>;
export type BlogPostRecord = RecordOf<typeof blogPostResource>;
export type CalendarEventRecord = RecordOf<typeof calendarEventResource>;

/** The publications' records, in their admin menu order. */
export const publicationResources = [
  articleResource,
  contentCategoryResource,
  articleLayoutResource,
  blogPostResource,
  calendarEventResource,
  publicationRequestResource,
] as const;
