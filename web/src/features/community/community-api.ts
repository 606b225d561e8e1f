import { commentResource } from '@platform/contracts/content/comment';
import { reportResource, type ReportReason } from '@platform/contracts/content/report';
import {
  likeEndpoints,
  recordEndpoints,
  recordLifecycleEndpoints,
} from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ListMeta, present, ToOne } from './documents.ts';

/**
 * What members do on any record of a likable, reportable or commentable type (contracts/src/resources/likes.ts,
 * contracts/src/content/report.ts, contracts/src/content/comment.ts), on the resource layer's generic routes:
 * like and unlike, report with a reason, read a record's comments and write one or a reply.
 */

const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});

/** A JSON:API record's type and id. */
export interface RecordRef {
  type: string;
  id: string;
}

const ref = (type: string, id: string) => ({ data: { type, id } });

/**
 * The creates and updates members make here, declared with the documents the definitions make: loaded with the
 * first write, as they carry the whole catalogue (kit/api/record-writes.ts).
 */
const writes = () => import('../../kit/api/record-writes.ts');

const created = (answer: z.infer<typeof CommandAnswerSchema>) => ({
  id: answer.data.id,
  position: answer.meta?.position,
});

/** Like (POST) or unlike (DELETE) a record; the write's position. */
export async function setLiked(api: ApiClient, type: string, id: string, like: boolean) {
  const endpoints = likeEndpoints(type);
  const answer = await api.call(like ? endpoints.like : endpoints.unlike, {
    params: { id },
    schema: CommandAnswerSchema,
  });
  return answer.meta?.position;
}

/** A report of a record (a reason of REPORT_REASONS, optional details) with the page it was read on. */
export async function reportRecord(
  api: ApiClient,
  record: RecordRef,
  reason: ReportReason,
  details: string,
  url: string | null,
) {
  const { create } = (await writes()).recordWrites(reportResource);
  return api
    .call(create, {
      body: {
        data: {
          type: 'reports',
          attributes: {
            reason,
            details: details.trim() === '' ? null : details.trim(),
            ...(url ? { url } : {}),
          },
          relationships: { reportable: ref(record.type, record.id) },
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}

/** A member's plain text as the rich text a message or a comment holds: paragraphs at blank lines, line breaks kept. */
export function textAsHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** A missing author (an account gone, the platform itself) as the documents name it. */
export const ANONYMOUS = 'anonymous';

const CommentSchema = z.object({
  type: z.literal('comments'),
  id: z.string(),
  attributes: z
    .object({
      content: z.string(),
      authorName: z.string().nullable().optional(),
      createdAt: z.string().nullable().optional(),
      canEdit: z.boolean().optional(),
      canDelete: z.boolean().optional(),
    })
    .passthrough(),
  relationships: z.object({ parentComment: ToOne }).passthrough().optional(),
});
const CommentListSchema = z.object({ data: z.array(CommentSchema), meta: ListMeta });

export interface CommentView {
  id: string;
  /** rich text, sanitised when shown */
  content: string;
  authorName: string;
  createdAt: string | null;
  parentId: string | null;
  /** the server's answer whether the reader may edit it (its author, administrators) */
  canEdit: boolean;
  /** the server's answer whether the reader may delete it */
  canDelete: boolean;
}

/** A comment as a thread shows it: the comment and its replies, each in the order they were written. */
export interface CommentNode {
  comment: CommentView;
  replies: CommentNode[];
}

const COMMENTS_PAGE_SIZE = 100;
const COMMENTS_PAGES_AT_MOST = 10;

/** The comments of a record the reader may see, oldest first (the comments' default sort). */
export async function readComments(
  api: ApiClient,
  record: RecordRef,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<CommentView[]> {
  const page = (n: number) =>
    api.call(recordEndpoints('comments').list, {
      schema: CommentListSchema,
      query: {
        'filter[commentable]': `${record.type}:${record.id}`,
        sort: 'createdAt',
        'page[number]': String(n),
        'page[size]': String(COMMENTS_PAGE_SIZE),
        ...(options.minPosition ? { minPosition: options.minPosition } : {}),
      },
      signal: options.signal,
    });
  const first = await page(1);
  const total = first.meta?.total ?? first.data.length;
  const pages = Math.min(COMMENTS_PAGES_AT_MOST, Math.ceil(total / COMMENTS_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((doc) =>
    doc.data.map((c) => ({
      id: c.id,
      content: c.attributes.content,
      authorName: present(c.attributes.authorName) ?? ANONYMOUS,
      createdAt: c.attributes.createdAt ?? null,
      parentId: c.relationships?.parentComment?.data?.id ?? null,
      canEdit: c.attributes.canEdit === true,
      canDelete: c.attributes.canDelete === true,
    })),
  );
}

/** Comments nested by their parent; a reply whose parent is not in the list stands at the top. */
export function threadComments(comments: readonly CommentView[]): CommentNode[] {
  const nodes = new Map(comments.map((c) => [c.id, { comment: c, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const comment of comments) {
    const node = nodes.get(comment.id)!;
    const parent = comment.parentId && comment.parentId !== comment.id ? nodes.get(comment.parentId) : null;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A comment's new text (PATCH /comments/{id}); the write's position. */
export async function editComment(api: ApiClient, id: string, text: string) {
  const { update } = (await writes()).recordWrites(commentResource);
  const answer = await api.call(update, {
    params: { id },
    body: { data: { type: 'comments', id, attributes: { content: textAsHtml(text) } } },
    schema: CommandAnswerSchema,
  });
  return answer.meta?.position;
}

/** Deletes a comment (soft: administrators may restore it); the write's position. */
export async function deleteComment(api: ApiClient, id: string) {
  const answer = await api.call(recordLifecycleEndpoints('comments').softDelete, {
    params: { id },
    schema: CommandAnswerSchema,
  });
  return answer.meta?.position;
}

/**
 * A comment's rich text as the plain text its author typed (textAsHtml undone): paragraphs apart by a blank line,
 * line breaks kept; any other markup read as its text.
 */
export function htmlAsText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks = [...body.children].filter((e) => e.tagName === 'P');
  const textOf = (element: Element) => {
    const copy = element.cloneNode(true) as Element;
    for (const br of copy.querySelectorAll('br')) br.replaceWith('\n');
    return (copy.textContent ?? '').trim();
  };
  return blocks.length ? blocks.map(textOf).join('\n\n') : textOf(body);
}

/** A comment on a record, or a reply to one of its comments. */
export async function writeComment(api: ApiClient, record: RecordRef, parentId: string | null, text: string) {
  const { create } = (await writes()).recordWrites(commentResource);
  return api
    .call(create, {
      body: {
        data: {
          type: 'comments',
          attributes: { content: textAsHtml(text) },
          relationships: {
            commentable: ref(record.type, record.id),
            ...(parentId ? { parentComment: ref('comments', parentId) } : {}),
          },
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}
