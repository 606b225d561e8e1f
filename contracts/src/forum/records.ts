import { z } from 'zod/v4';
import { APP_ADMINS, APP_ADMINS_ONLY, allows, type ViewerFacts } from '../resources/access.ts';
import { defineResource, type ResourceDefinition } from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { file } from '../resources/files.ts';
import type { ResourceState } from '../resources/state.ts';
import { KEEPERS, PUBLISHERS } from '../publications/access.ts';
import { RECORDS_COUNT } from '../stats/records-count.ts';

/**
 * The forum (issue 21; seed 001 §3 "### Forum") on the resource layer: categories (parents and their children),
 * subjects members open in them, and threaded messages. Subjects and messages are not publishable (R7): they are
 * read by everyone, written by signed-in members, kept by their authors and the publishers; a subject limited to
 * administrators takes the publishers' messages only (R6). Every type depends on the forum feature
 * (FEATURE_FORUM).
 */

const title = z.string().trim().min(1).max(255);
const instant = z.string().datetime({ offset: true });

/** Everyone reads, signed-in members write, authors and publishers keep. */
const FORUM_ACCESS = {
  see: APP_ADMINS,
  index: 'everyone',
  show: 'everyone',
  create: 'signedIn',
  update: KEEPERS,
  softDelete: KEEPERS,
  restore: PUBLISHERS,
  delete: PUBLISHERS,
} as const;

/** A category of the forum: a parent, or a child of one (its children: filter[parent]=<id>). */
export const forumCategoryResource = defineResource({
  type: 'forum-categories',
  singular: 'forum-category',
  category: 'forumcategory',
  eventPrefix: 'ForumCategory',
  module: 'forum',
  feature: 'forum',
  menu: { group: 'forum', icon: 'forum' },
  attributes: z.object({
    name: title,
    shortDescription: z.string().trim().max(1000).nullable().default(null),
    position: z.number().int().min(0).max(1_000_000).default(0),
    isParent: z.boolean().default(false),
  }),
  relationships: {
    parent: { type: 'forum-categories' },
    image: file({ family: 'image' }),
  },
  traits: { translatable: ['name', 'shortDescription'] },
  invariants: (_attributes, { id, relationships }) =>
    id !== undefined && relationships?.parent === id
      ? [{ attribute: 'parent', detail: 'a category is not its own parent' }]
      : [],
  counts: { subjectsCount: { type: 'forum-subjects', via: 'category', kind: 'count' } },
  access: { ...APP_ADMINS_ONLY, index: 'everyone', show: 'everyone' },
  search: ['name'],
  sorts: ['position', 'name'],
  defaultSort: { field: 'position', direction: 'asc' },
  title: 'name',
});

/** A subject of the forum: pinned on the home page or on its category first, limited to administrators or not. */
export const forumSubjectResource = defineResource({
  type: 'forum-subjects',
  singular: 'forum-subject',
  category: 'forumsubject',
  eventPrefix: 'ForumSubject',
  module: 'forum',
  feature: 'forum',
  menu: { group: 'forum', icon: 'topic' },
  attributes: z.object({
    title,
    limitToAdmin: z.boolean().default(false),
    pinnedOnHomeAt: instant.nullable().default(null),
    pinnedOnCategoryAt: instant.nullable().default(null),
  }),
  relationships: { category: { type: 'forum-categories', required: true } },
  traits: {
    categorised: { type: 'forum-categories' },
    taggable: true,
    likable: true,
    reportable: true,
    authored: true,
    publicationItem: true,
  },
  fieldAccess: {
    limitToAdmin: { write: PUBLISHERS },
    pinnedOnHomeAt: { write: PUBLISHERS },
    pinnedOnCategoryAt: { write: PUBLISHERS },
  },
  // R2: issue 22's stats records, read from the statistics' read model (the column stays, kept at 0, so that the
  // subjects' projection keeps its version)
  computed: { recordsCount: 'integer' },
  readModel: { recordsCount: RECORDS_COUNT },
  counts: {
    messagesCount: { type: 'forum-subject-messages', via: 'subject', kind: 'count' },
    latestMessage: { type: 'forum-subject-messages', via: 'subject', kind: 'latest' },
  },
  softDeletable: true,
  access: FORUM_ACCESS,
  filters: ['limitToAdmin'],
  search: ['title'],
  sorts: ['pinnedOnHomeAt', 'pinnedOnCategoryAt', 'title'],
  // version 2: its tags' list index (ADR 0050)
  version: 2,
  defaultSort: { field: 'updatedAt', direction: 'desc' },
  title: 'title',
  globalSearch: { title: 'title', path: { component: 'forum', key: 'id' } },
});

/**
 * The target rule of a message's subject (R6): a subject limited to administrators takes the publishers'
 * messages only (403 auth.forum_subject_limited on /data/relationships/subject); a soft-deleted or missing
 * subject is left to the existence check.
 */
export function subjectOpenTo(
  _target: ResourceDefinition,
  state: ResourceState,
  _now: Date,
  viewer?: ViewerFacts,
) {
  if (state.status !== 'active') return null;
  if (state.attributes.limitToAdmin !== true) return null;
  if (viewer && allows(PUBLISHERS, viewer)) return null;
  return {
    code: 'auth.forum_subject_limited' as const,
    detail: 'This subject takes the messages of administrators only',
  };
}

/** A message of a forum subject, answering another one of the same subject or none (threads). */
export const forumSubjectMessageResource = defineResource({
  type: 'forum-subject-messages',
  singular: 'forum-subject-message',
  category: 'forumsubjectmessage',
  eventPrefix: 'ForumSubjectMessage',
  module: 'forum',
  feature: 'forum',
  menu: { group: 'forum', icon: 'chat' },
  attributes: z.object({ content: richText(z.string().trim().min(1).max(20_000)) }),
  relationships: {
    subject: {
      type: 'forum-subjects',
      required: true,
      immutable: true,
      readGate: true,
      targetRule: subjectOpenTo,
    },
    // a reply answers a message of the same subject
    parentMessage: { type: 'forum-subject-messages', immutable: true, sameAs: 'subject' },
  },
  traits: { likable: true, reportable: true, authored: true, publicationItem: true },
  // R5: the live direct replies
  counts: { newMessagesCount: { type: 'forum-subject-messages', via: 'parentMessage', kind: 'count' } },
  softDeletable: true,
  access: FORUM_ACCESS,
  search: ['content'],
  defaultSort: { field: 'createdAt', direction: 'asc' },
  title: 'content',
});

/** The forum's records, in their admin menu order. */
export const forumResources = [
  forumCategoryResource,
  forumSubjectResource,
  forumSubjectMessageResource,
] as const;
