import {
  allowedPublicationActions,
  PUBLICATION_REQUEST_TYPES,
  type PublicationAction,
  type PublicationFacts,
  type PublicationRequestType,
} from '@platform/contracts/publications/requests';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceRecord } from '../../../kit/admin/resources/resource-api.ts';
import type { ItemRef } from './requests-api.ts';

/**
 * What the publication buttons read from the documents the server answered: an item's own facts (its canEdit,
 * publishedAt and pending request, computed for this viewer by the query-api), and the request's item. The rule
 * itself is the contracts' (allowedPublicationActions), the one the decider follows.
 */

export const isPublicationRequestType = (type: string): type is PublicationRequestType =>
  (PUBLICATION_REQUEST_TYPES as readonly string[]).includes(type);

/** An item's pending request as its document carries it. */
export interface PendingRequest {
  id: string;
  targetedPublishedAt: string | null;
  submittedAt: string | null;
}

export function pendingRequestOf(attributes: Record<string, unknown>): PendingRequest | null {
  const pending = attributes.pendingPublicationRequest;
  if (!pending || typeof pending !== 'object') return null;
  const { id, targetedPublishedAt, submittedAt } = pending as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  return {
    id,
    targetedPublishedAt: typeof targetedPublishedAt === 'string' ? targetedPublishedAt : null,
    submittedAt: typeof submittedAt === 'string' ? submittedAt : null,
  };
}

/** An item document's facts for the publication rule. */
export function publicationFactsOf(attributes: Record<string, unknown>): PublicationFacts {
  return {
    active: typeof attributes.deletedAt !== 'string',
    publishedAt: typeof attributes.publishedAt === 'string' ? attributes.publishedAt : null,
    pendingPublicationRequest: pendingRequestOf(attributes),
    canEdit: attributes.canEdit === true,
  };
}

/** What this viewer may do with an item's publication now. */
export const itemActions = (attributes: Record<string, unknown>, viewer: ViewerFacts): PublicationAction[] =>
  allowedPublicationActions(publicationFactsOf(attributes), viewer);

/** The item a request is about (its `publishable` relationship), when it is a publication item. */
export function itemOfRequest(request: ResourceRecord): ItemRef | null {
  const data = request.relationships?.publishable?.data;
  if (!data || Array.isArray(data) || !isPublicationRequestType(data.type)) return null;
  return { type: data.type, id: data.id };
}

/**
 * What this viewer may decide on a request: nothing once it is decided; else the item's own facts when its document
 * came along (the request must be the item's pending one), else the request's own (a pending request of a live,
 * unpublished item), under the same rule.
 */
export function requestDecisions(
  request: ResourceRecord,
  item: Record<string, unknown> | undefined,
  viewer: ViewerFacts,
): Array<Exclude<PublicationAction, 'submit'>> {
  if (request.attributes.status !== 'pending') return [];
  const facts: PublicationFacts = item
    ? publicationFactsOf(item)
    : { active: true, publishedAt: null, pendingPublicationRequest: { id: request.id }, canEdit: false };
  if (facts.pendingPublicationRequest?.id !== request.id) return [];
  return allowedPublicationActions(facts, viewer).filter((a) => a !== 'submit');
}

/**
 * Moves the focus to an element once the frame has settled: after a decision its button leaves the screen, and a
 * closing dialog gives the focus back to its trigger, which leaves too; a keyboard user goes on from here.
 */
export function focusSoon(element: { focus: () => void } | null): void {
  requestAnimationFrame(() => element?.focus());
}
