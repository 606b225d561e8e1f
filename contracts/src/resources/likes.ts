import { z } from 'zod/v4';
import { ACCESS_LEVEL_WEIGHTS } from '../enums.ts';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { allows, type ViewerFacts } from './access.ts';
import type { ResourceDefinition } from './definition.ts';
import { recordFacts, type ResourceState } from './state.ts';

/**
 * Likes (seed 001 §3: like: user, likable) of the records whose definition has the likable trait. A member's like
 * of one record is a stream of its own, `like-<id derived from the member, the type and the record>`: a second
 * like of the same record lands on the same stream, so no member likes a record twice, without a check-then-write.
 */
const LikeData = z.object({
  /** the liked record's JSON:API type and id */
  recordType: z.string().min(1).max(100),
  recordId: z.string().min(1).max(100),
  userId: z.string().uuid(),
});
export type LikeData = z.infer<typeof LikeData>;

export const RecordLiked = defineEvent('RecordLiked', LikeData);
export const RecordUnliked = defineEvent('RecordUnliked', LikeData);
export type LikeEvent = EventOf<typeof RecordLiked> | EventOf<typeof RecordUnliked>;
export const likeEventContracts: EventContract[] = [RecordLiked, RecordUnliked];

export type LikeState = { liked: boolean };
export const initialLikeState = (): LikeState => ({ liked: false });
export function evolveLike(state: LikeState, event: { type: string }): LikeState {
  if (event.type === RecordLiked.type) return { liked: true };
  if (event.type === RecordUnliked.type) return { liked: false };
  return state;
}

/** Like and unlike are idempotent: liking a liked record, or unliking one not liked, records nothing. */
export function decideLike(state: LikeState, command: { like: boolean } & LikeData): LikeEvent[] {
  const { like, ...data } = command;
  if (like === state.liked) return [];
  return [{ type: like ? RecordLiked.type : RecordUnliked.type, data }];
}

/**
 * Whether a viewer may read a record as its state stands (its show rule, soft deletion, the publishable trait):
 * a member likes only what they can see. The read side filters the same in SQL (query-api resources/visibility.ts).
 */
export function readable(
  definition: ResourceDefinition,
  state: ResourceState,
  viewer: ViewerFacts,
  now: Date,
): boolean {
  if (state.status !== 'active') return false;
  if (!allows(definition.access.show, viewer, recordFacts(definition, state))) return false;
  if (!definition.traits.publishable) return true;
  if (allows(definition.access.update, viewer, recordFacts(definition, state))) return true;
  const publishedAt = state.attributes.publishedAt;
  if (typeof publishedAt !== 'string' || new Date(publishedAt).getTime() > now.getTime()) return false;
  const level = state.relationships.accessLevel;
  if (typeof level !== 'string') return true;
  const weight = ACCESS_LEVEL_WEIGHTS[level as keyof typeof ACCESS_LEVEL_WEIGHTS];
  return weight !== undefined && weight <= viewer.accessWeight;
}
