import { z } from 'zod/v4';
import { APP_ADMINS, ADMINISTRATORS, either } from '../resources/access.ts';
import { commentsOpenOn } from '../resources/comments.ts';
import { defineResource } from '../resources/definition.ts';

/**
 * A comment (seed 001 §3: content, author, commentable, createdBy, parentComment, childComments; soft-deletable;
 * a missing author is shown as anonymous) on a record of a type with the commentable trait. It is read by those
 * who may read that record (`readGate`), written by signed-in members while comments are open on it, edited and
 * soft-deleted by its author or administrators. The replies of a comment are the comments whose parentComment is
 * it (`filter[parentComment]=<id>`); the author is `createdBy`, with `authorName` ('anonymous' when the account is
 * gone). ADR 0025.
 */
export const commentResource = defineResource({
  type: 'comments',
  singular: 'comment',
  category: 'comment',
  eventPrefix: 'Comment',
  module: 'content',
  // FEATURE_COMMENTS: off, the comments' routes answer 404
  feature: 'comments',
  menu: { group: 'community', icon: 'comment' },
  attributes: z.object({ content: z.string().trim().min(1).max(5000) }),
  relationships: {
    commentable: {
      polymorphic: { trait: 'commentable' },
      required: true,
      immutable: true,
      readGate: true,
      targetRule: commentsOpenOn,
    },
    // a reply answers a comment on the same record
    parentComment: { type: 'comments', immutable: true, sameAs: 'commentable' },
  },
  traits: { reportable: true, authored: true },
  // canEdit / canDelete per comment: its author edits and deletes it from the thread, as do administrators
  viewerFlags: true,
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: 'signedIn',
    update: either(ADMINISTRATORS, 'author'),
    softDelete: either(ADMINISTRATORS, 'author'),
    restore: ADMINISTRATORS,
    delete: ADMINISTRATORS,
  },
  search: ['content'],
  defaultSort: { field: 'createdAt', direction: 'asc' },
  title: 'content',
});
