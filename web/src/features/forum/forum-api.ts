import { forumSubjectMessageResource, forumSubjectResource } from '@platform/contracts/forum/records';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import {
  findIncluded,
  Included,
  ListMeta,
  listCountOf,
  present,
  tagsOf,
  ToMany,
  ToOne,
  type IncludedRecords,
  type TagView,
  textAsHtml,
} from '../community/index.ts';

/**
 * The forum's reads and writes on the resource layer's generic JSON:API routes (contracts/src/forum/records.ts):
 * the categories, the subjects with their counts and latest message, a subject's messages, and what a member
 * writes (a subject, a message). Likes and reports are the community's (features/community/community-api.ts).
 */

const CategorySchema = z.object({
  type: z.literal('forum-categories'),
  id: z.string(),
  attributes: z
    .object({
      name: z.string(),
      shortDescription: z.string().nullable().optional(),
      isParent: z.boolean().optional(),
      subjectsCount: z.number().nullable().optional(),
    })
    .passthrough(),
  relationships: z.object({ parent: ToOne }).passthrough().optional(),
});

const SubjectSchema = z.object({
  type: z.literal('forum-subjects'),
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      limitToAdmin: z.boolean().optional(),
      pinnedOnHomeAt: z.string().nullable().optional(),
      pinnedOnCategoryAt: z.string().nullable().optional(),
      messagesCount: z.number().nullable().optional(),
      likesCount: z.number().nullable().optional(),
      likedByViewer: z.boolean().optional(),
      authorName: z.string().nullable().optional(),
      createdAt: z.string().nullable().optional(),
    })
    .passthrough(),
  relationships: z.object({ category: ToOne, tags: ToMany, latestMessage: ToOne }).passthrough().optional(),
});

const MessageSchema = z.object({
  type: z.literal('forum-subject-messages'),
  id: z.string(),
  attributes: z
    .object({
      content: z.string(),
      likesCount: z.number().nullable().optional(),
      likedByViewer: z.boolean().optional(),
      authorName: z.string().nullable().optional(),
      createdAt: z.string().nullable().optional(),
    })
    .passthrough(),
  relationships: z.object({ parentMessage: ToOne, subject: ToOne }).passthrough().optional(),
});

const CategoryListSchema = z.object({ data: z.array(CategorySchema) });
const SubjectListSchema = z.object({ data: z.array(SubjectSchema), included: Included, meta: ListMeta });
const SubjectDocumentSchema = z.object({ data: SubjectSchema, included: Included });
const MessageListSchema = z.object({ data: z.array(MessageSchema), meta: ListMeta });
const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});

export interface ForumCategory {
  id: string;
  name: string;
  shortDescription: string | null;
  isParent: boolean;
  parentId: string | null;
  subjectsCount: number | null;
}

/** The author as the server names them: "anonymous" when the account is gone (the authored trait). */
export const ANONYMOUS = 'anonymous';

export interface LatestMessage {
  authorName: string;
  createdAt: string | null;
}

export interface ForumSubject {
  id: string;
  title: string;
  limitToAdmin: boolean;
  pinnedOnHomeAt: string | null;
  pinnedOnCategoryAt: string | null;
  messagesCount: number;
  likesCount: number;
  /** null when the likes feature is off (the documents leave it out) */
  likedByViewer: boolean | null;
  authorName: string;
  createdAt: string | null;
  categoryId: string | null;
  tags: TagView[];
  latestMessage: LatestMessage | null;
}

export interface ForumMessage {
  id: string;
  content: string;
  likesCount: number;
  likedByViewer: boolean | null;
  authorName: string;
  createdAt: string | null;
  parentId: string | null;
}

/** What the subjects' list is filtered by: the URL's query parameters (seed 001 §2: tag and category). */
export interface SubjectsQuery {
  category: string | null;
  tag: string | null;
  page: number;
}

export const SUBJECTS_PAGE_SIZE = 20;
/** The messages of a subject are read whole, at most this many (threads need every parent). */
const MESSAGES_PAGE_SIZE = 100;
const MESSAGES_PAGES_AT_MOST = 10;

const authorOf = (attributes: Record<string, unknown>) => present(attributes.authorName) ?? ANONYMOUS;
const count = (value: number | null | undefined) => (typeof value === 'number' ? value : 0);
const liked = (value: boolean | undefined) => (typeof value === 'boolean' ? value : null);

function toSubject(data: z.infer<typeof SubjectSchema>, included: IncludedRecords): ForumSubject {
  const a = data.attributes;
  const r = data.relationships;
  const latest = findIncluded(r?.latestMessage?.data, included);
  return {
    id: data.id,
    title: a.title,
    limitToAdmin: a.limitToAdmin === true,
    pinnedOnHomeAt: a.pinnedOnHomeAt ?? null,
    pinnedOnCategoryAt: a.pinnedOnCategoryAt ?? null,
    messagesCount: count(a.messagesCount),
    likesCount: count(a.likesCount),
    likedByViewer: liked(a.likedByViewer),
    authorName: authorOf(a),
    createdAt: a.createdAt ?? null,
    categoryId: r?.category?.data?.id ?? null,
    tags: tagsOf(r?.tags?.data, included),
    latestMessage: latest
      ? {
          authorName: authorOf(latest.attributes),
          createdAt: present(latest.attributes.createdAt),
        }
      : null,
  };
}

function toMessage(data: z.infer<typeof MessageSchema>): ForumMessage {
  const a = data.attributes;
  return {
    id: data.id,
    content: a.content,
    likesCount: count(a.likesCount),
    likedByViewer: liked(a.likedByViewer),
    authorName: authorOf(a),
    createdAt: a.createdAt ?? null,
    parentId: data.relationships?.parentMessage?.data?.id ?? null,
  };
}

const at = (minPosition: string | undefined): Record<string, string> => (minPosition ? { minPosition } : {});

/** The forum's categories, in their editors' order, with their counts of subjects. */
export async function readForumCategories(api: ApiClient, signal?: AbortSignal): Promise<ForumCategory[]> {
  const doc = await api.call(recordEndpoints('forum-categories').list, {
    schema: CategoryListSchema,
    query: { 'page[size]': '100', sort: 'position,name' },
    signal,
  });
  return doc.data.map((d) => ({
    id: d.id,
    name: d.attributes.name,
    shortDescription: present(d.attributes.shortDescription),
    isParent: d.attributes.isParent === true,
    parentId: d.relationships?.parent?.data?.id ?? null,
    subjectsCount: d.attributes.subjectsCount ?? null,
  }));
}

/**
 * One page of subjects, the pinned ones first: pinned on the home page for the whole forum, pinned on their
 * category within a category (a descending sort lists the unpinned last); the others by their latest change.
 */
export async function readForumSubjects(
  api: ApiClient,
  query: SubjectsQuery,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<{ subjects: ForumSubject[]; total: number; capped: boolean }> {
  const params: Record<string, string> = {
    include: 'tags,latestMessage',
    sort: query.category ? '-pinnedOnCategoryAt,-updatedAt' : '-pinnedOnHomeAt,-updatedAt',
    'page[number]': String(query.page),
    'page[size]': String(SUBJECTS_PAGE_SIZE),
    ...at(options.minPosition),
  };
  if (query.category) params['filter[category]'] = query.category;
  if (query.tag) params['filter[tags]'] = query.tag;
  const doc = await api.call(recordEndpoints('forum-subjects').list, {
    schema: SubjectListSchema,
    query: params,
    signal: options.signal,
  });
  return {
    subjects: doc.data.map((d) => toSubject(d, doc.included)),
    ...listCountOf(doc),
  };
}

/** One subject by its id; a 404 is an ApiError of kind 'not-found'. */
export async function readForumSubject(
  api: ApiClient,
  id: string,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<ForumSubject> {
  const doc = await api.call(recordEndpoints('forum-subjects').find, {
    params: { id },
    schema: SubjectDocumentSchema,
    query: { include: 'tags,latestMessage', ...at(options.minPosition) },
    signal: options.signal,
  });
  return toSubject(doc.data, doc.included);
}

/** Every message of a subject the reader may see (up to a thousand), oldest first. */
export async function readForumMessages(
  api: ApiClient,
  subjectId: string,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<ForumMessage[]> {
  const page = (n: number) =>
    api.call(recordEndpoints('forum-subject-messages').list, {
      schema: MessageListSchema,
      query: {
        'filter[subject]': subjectId,
        sort: 'createdAt',
        'page[number]': String(n),
        'page[size]': String(MESSAGES_PAGE_SIZE),
        ...at(options.minPosition),
      },
      signal: options.signal,
    });
  const first = await page(1);
  const total = first.meta?.total ?? first.data.length;
  const pages = Math.min(MESSAGES_PAGES_AT_MOST, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((doc) => doc.data.map(toMessage));
}

/** A message as a thread shows it: the message and its replies, each in the order they were written. */
export interface MessageNode {
  message: ForumMessage;
  replies: MessageNode[];
}

/**
 * The messages as threads (parentMessage): a reply under the message it answers; a reply whose message the reader
 * no longer sees (removed) stands at the top level, so that nothing written is lost from view.
 */
export function threadMessages(messages: readonly ForumMessage[]): MessageNode[] {
  const nodes = new Map(messages.map((m) => [m.id, { message: m, replies: [] as MessageNode[] }]));
  const roots: MessageNode[] = [];
  for (const message of messages) {
    const node = nodes.get(message.id)!;
    const parent = message.parentId && message.parentId !== message.id ? nodes.get(message.parentId) : null;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

export { textAsHtml };

const ref = (type: string, id: string) => ({ data: { type, id } });

/**
 * The creates members make in the forum, declared with the documents the definitions make: loaded with the first
 * write, as they carry the whole catalogue (kit/api/record-writes.ts).
 */
const writes = () => import('../../kit/api/record-writes.ts');

const created = (answer: z.infer<typeof CommandAnswerSchema>) => ({
  id: answer.data.id,
  position: answer.meta?.position,
});

/** A new subject in a category (its first message is written next, by writeMessage). */
export async function createSubject(api: ApiClient, title: string, categoryId: string | null) {
  const { create } = (await writes()).recordWrites(forumSubjectResource);
  return api
    .call(create, {
      body: {
        data: {
          type: 'forum-subjects',
          attributes: { title },
          relationships: categoryId ? { category: ref('forum-categories', categoryId) } : {},
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}

/** A message of a subject, answering another message of it or the subject itself. */
export async function writeMessage(api: ApiClient, subjectId: string, parentId: string | null, text: string) {
  const { create } = (await writes()).recordWrites(forumSubjectMessageResource);
  return api
    .call(create, {
      body: {
        data: {
          type: 'forum-subject-messages',
          attributes: { content: textAsHtml(text) },
          relationships: {
            subject: ref('forum-subjects', subjectId),
            ...(parentId ? { parentMessage: ref('forum-subject-messages', parentId) } : {}),
          },
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}
