import type { ViewerFacts } from './access.ts';
import type { ResourceDefinition } from './definition.ts';
import type { ResourceState } from './state.ts';

/**
 * The commentable trait (seed 001 §3: "Comments are disabled when the item is unpublished, hasComments is false,
 * or the item is soft-deleted"), as one pure rule both sides read: the command side on the record's folded state,
 * the read side on its row (`canComment`).
 */
export interface CommentableFacts {
  /** whether the type has the publishable trait */
  publishable: boolean;
  publishedAt: string | null;
  hasComments: boolean;
  softDeleted: boolean;
}

/** Why comments are disabled on a record, or null when they are open. */
export function commentsDisabledReason(facts: CommentableFacts, now: Date): string | null {
  if (facts.softDeleted) return 'the record is soft-deleted';
  if (!facts.hasComments) return 'comments are turned off on the record';
  if (facts.publishable) {
    const at = facts.publishedAt === null ? Number.NaN : new Date(facts.publishedAt).getTime();
    if (!(at <= now.getTime())) return 'the record is not published';
  }
  return null;
}

/** The viewer may comment: signed in, and comments open on the record. */
export const canComment = (facts: CommentableFacts, viewer: ViewerFacts, now: Date): boolean =>
  viewer.userId !== null && commentsDisabledReason(facts, now) === null;

/**
 * The target rule of a comment's `commentable` relationship (RelationshipSpec.targetRule): a comment on a record
 * whose comments are disabled is refused with validation.comments_disabled on /data/relationships/commentable.
 */
export function commentsOpenOn(target: ResourceDefinition, state: ResourceState, now: Date) {
  if (!target.traits.commentable) return { code: 'validation.invalid' as const, detail: 'not commentable' };
  if (state.status !== 'active' && state.status !== 'softDeleted') return null; // the existence check answers
  const reason = commentsDisabledReason(
    {
      publishable: target.traits.publishable,
      publishedAt: typeof state.attributes.publishedAt === 'string' ? state.attributes.publishedAt : null,
      hasComments: state.attributes.hasComments !== false,
      softDeleted: state.status === 'softDeleted',
    },
    now,
  );
  return reason === null
    ? null
    : { code: 'validation.comments_disabled' as const, detail: `Comments are disabled: ${reason}` };
}
