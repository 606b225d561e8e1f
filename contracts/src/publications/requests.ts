import { z } from 'zod/v4';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { allows, type ViewerFacts } from '../resources/access.ts';
import { PUBLICATION_REQUEST_EVENTS } from '../resources/definition.ts';
import type { ResourceState } from '../resources/state.ts';
import { PUBLISHERS } from './access.ts';

/**
 * Publication requests (issue 21; seed 001 §3 publication-request, §4): an author asks for an item to be
 * published (a description, a targeted date); a publisher accepts (the item is published at the targeted date,
 * or at once) or refuses with a reason. The whole request lives on the item's own stream (`article-<id>`, ...):
 * one pending request per item is the stream's own state, and the item's history shows who requested, accepted,
 * refused and published, beside every field change. The decider is command-api/src/publications/requests.ts.
 */

/** The types whose records are published through requests (publicationItem `{ requests: true }`). */
export const PUBLICATION_REQUEST_TYPES = [
  'articles',
  'blog-posts',
  'calendar-events',
  'repository-items',
] as const;
export type PublicationRequestType = (typeof PUBLICATION_REQUEST_TYPES)[number];

/** Seed 001 §4: "Publication request status: pending, accepted, refused." */
export const PUBLICATION_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type PublicationRequestStatus = (typeof PUBLICATION_REQUEST_STATUSES)[number];

const uuid = z.string().uuid();
const instant = z.string().datetime({ offset: true });
/** who took a step: a user id (the system actor's included) */
const by = z.string().min(1).max(100);
const item = { requestId: uuid, itemType: z.enum(PUBLICATION_REQUEST_TYPES), itemId: uuid };

export const PublicationRequestSubmitted = defineEvent(
  PUBLICATION_REQUEST_EVENTS.submitted,
  z.object({
    ...item,
    description: z.string().trim().min(1).max(5000),
    /** null: as soon as accepted */
    targetedPublishedAt: instant.nullable(),
    submittedAt: instant,
    by,
  }),
);
export const PublicationRequestAccepted = defineEvent(
  PUBLICATION_REQUEST_EVENTS.accepted,
  z.object({
    ...item,
    acceptedAt: instant,
    /** max(targetedPublishedAt ?? acceptedAt, acceptedAt) */
    publishAt: instant,
    by,
  }),
);
export const PublicationRequestRefused = defineEvent(
  PUBLICATION_REQUEST_EVENTS.refused,
  z.object({ ...item, refusedAt: instant, refuseReason: z.string().trim().min(1).max(5000), by }),
);
/** Appended with the item's `<Prefix>Updated { publishedAt }`, at the acceptance or by the scheduler. */
export const PublicationRequestPublished = defineEvent(
  PUBLICATION_REQUEST_EVENTS.published,
  z.object({ ...item, publishedAt: instant }),
);

export const publicationRequestEventContracts: EventContract[] = [
  PublicationRequestSubmitted,
  PublicationRequestAccepted,
  PublicationRequestRefused,
  PublicationRequestPublished,
];

export type PublicationRequestEvent =
  | EventOf<typeof PublicationRequestSubmitted>
  | EventOf<typeof PublicationRequestAccepted>
  | EventOf<typeof PublicationRequestRefused>
  | EventOf<typeof PublicationRequestPublished>;

/** The body of a submit: POST /services/publishables/{type}/{id}/publication-requests. */
export const PublicationRequestSubmitSchema = z.object({
  description: z.string().trim().max(5000),
  targetedPublishedAt: instant.nullable().default(null),
});

/** The body of a refusal: POST …/publication-requests/{requestId}/refuse. */
export const PublicationRequestRefuseSchema = z.object({ refuseReason: z.string().trim().max(5000) });

/** One request as the item's stream tells it. */
export interface PublicationRequestState {
  status: PublicationRequestStatus;
  /** set once accepted: when the item is to be published */
  publishAt: string | null;
  /** whether the publication was appended */
  published: boolean;
}

/** An item with its requests, folded from its stream: the record by the layer, the requests by this workflow. */
export interface PublicationState {
  record: ResourceState;
  pending: { requestId: string; targetedPublishedAt: string | null } | null;
  requests: Record<string, PublicationRequestState>;
}

/** What the buttons of an item look at: its document's facts. */
export interface PublicationFacts {
  /** neither soft-deleted nor gone */
  active: boolean;
  publishedAt: string | null;
  pendingPublicationRequest: { id: string } | null;
  /** the viewer may update the item (its document's canEdit) */
  canEdit: boolean;
}

export type PublicationAction = 'submit' | 'accept' | 'refuse';

/**
 * What a viewer may do with an item's publication: submit it (its keepers, while it is unpublished and has no
 * pending request), accept or refuse its pending request (publishers). The decider refuses the same cases.
 */
export function allowedPublicationActions(facts: PublicationFacts, viewer: ViewerFacts): PublicationAction[] {
  if (!facts.active || facts.publishedAt !== null) return [];
  if (facts.pendingPublicationRequest === null)
    return facts.canEdit && viewer.userId !== null ? ['submit'] : [];
  return allows(PUBLISHERS, viewer) ? ['accept', 'refuse'] : [];
}
