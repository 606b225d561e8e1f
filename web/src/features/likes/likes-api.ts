import { likeEndpoints, likesEndpoint } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { relatedTitle } from '../../kit/admin/resources/record-title.ts';

/** A like as GET /likes lists it to the member who gave it (query-api: the likable trait). */
const LikeSchema = z.object({
  type: z.literal('likes'),
  id: z.string(),
  attributes: z.object({ likedAt: z.string() }),
  relationships: z.object({
    record: z.object({ data: z.object({ type: z.string(), id: z.string() }) }),
  }),
});

/** A liked record the member can still read, as its own resource object. */
const IncludedSchema = z
  .object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()).optional() })
  .passthrough();

const ListSchema = z.object({
  data: z.array(LikeSchema),
  included: z.array(IncludedSchema).optional(),
  meta: z
    .object({ total: z.number(), page: z.object({ totalPages: z.number() }).passthrough().optional() })
    .passthrough(),
});

const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string() }).passthrough(),
});

/** One like as the screen shows it: the liked record's name, or null when the member can no longer read it. */
export interface LikeView {
  id: string;
  likedAt: string;
  record: { type: string; id: string; title: string | null };
}

export const LIKES_PAGE_SIZE = 20;

const key = (type: string, id: string) => `${type}\u0000${id}`;

/** One page of the member's likes, newest first, each with the liked record's name when it is still readable. */
export async function readLikes(api: ApiClient, page: number, minPosition?: string, signal?: AbortSignal) {
  const doc = await api.call(likesEndpoint, {
    schema: ListSchema,
    query: {
      include: 'record',
      'page[number]': page,
      'page[size]': LIKES_PAGE_SIZE,
      ...(minPosition ? { minPosition } : {}),
    },
    signal,
  });
  const included = new Map((doc.included ?? []).map((r) => [key(r.type, r.id), r]));
  const likes: LikeView[] = doc.data.map((like) => {
    const { type, id } = like.relationships.record.data;
    const record = included.get(key(type, id));
    return {
      id: like.id,
      likedAt: like.attributes.likedAt,
      record: { type, id, title: record ? relatedTitle(type, id, record.attributes ?? {}) : null },
    };
  });
  return {
    likes,
    total: doc.meta.total,
    totalPages: doc.meta.page?.totalPages ?? Math.max(1, Math.ceil(doc.meta.total / LIKES_PAGE_SIZE)),
  };
}

/** DELETE /{type}/{id}/like (idempotent); answers the write's position. */
export async function unlikeRecord(api: ApiClient, type: string, id: string) {
  const answer = await api.call(likeEndpoints(type).unlike, { params: { id }, schema: CommandAnswerSchema });
  return answer.meta.position;
}
