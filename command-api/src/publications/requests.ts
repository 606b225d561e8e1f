import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { PUBLISHERS } from '@platform/contracts/publications/access';
import {
  PublicationRequestAccepted,
  PublicationRequestPublished,
  PublicationRequestRefused,
  PublicationRequestSubmitted,
  type PublicationRequestType,
  type PublicationState,
} from '@platform/contracts/publications/requests';
import { allows, type ViewerFacts } from '@platform/contracts/resources/access';
import { asResourceEvent, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { evolveResource, initialResourceState, recordFacts } from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** Which item a command is about: its type (one of PUBLICATION_REQUEST_TYPES), its id, the request's id. */
interface Target {
  itemType: PublicationRequestType;
  itemId: string;
  requestId: string;
}

export type PublicationCommand =
  | Command<
      'SubmitPublicationRequest',
      Target & { description: string; targetedPublishedAt: string | null; viewer: ViewerFacts }
    >
  | Command<'AcceptPublicationRequest', Target & { viewer: ViewerFacts }>
  | Command<'RefusePublicationRequest', Target & { refuseReason: string; viewer: ViewerFacts }>
  /** the scheduler's: publish an accepted request whose date has come (system actor only) */
  | Command<'PublishScheduledPublication', Target>;

/** Every event of an item's stream: the layer's own and the requests'. */
export type PublicationStreamEvent = DomainEvent<string, unknown>;

type Data<T extends { schema: { _output: unknown } }> = T['schema']['_output'];

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * The publication requests of one item type (issue 21, plan §3.1), decided on the item's own stream: the record is
 * folded by the layer's definition, the requests by this workflow. One pending request per item is the stream's
 * own state; a submit, an acceptance and the publication are appended with the stream's expected version, so two
 * decisions racing on one request give one success and one conflict. The layer's edits of the item leave the
 * pending request as it is.
 */
export function publicationDecider(
  definition: ResourceDefinition,
): Decider<PublicationCommand, PublicationStreamEvent, PublicationState> {
  const { singular } = definition;

  const evolve = (state: PublicationState, event: PublicationStreamEvent): PublicationState => {
    switch (event.type) {
      case PublicationRequestSubmitted.type: {
        const d = event.data as Data<typeof PublicationRequestSubmitted>;
        return {
          ...state,
          pending: { requestId: d.requestId, targetedPublishedAt: d.targetedPublishedAt },
          requests: {
            ...state.requests,
            [d.requestId]: { status: 'pending', publishAt: null, published: false },
          },
        };
      }
      case PublicationRequestAccepted.type: {
        const d = event.data as Data<typeof PublicationRequestAccepted>;
        return {
          ...state,
          pending: state.pending?.requestId === d.requestId ? null : state.pending,
          requests: {
            ...state.requests,
            [d.requestId]: { status: 'accepted', publishAt: d.publishAt, published: false },
          },
        };
      }
      case PublicationRequestRefused.type: {
        const d = event.data as Data<typeof PublicationRequestRefused>;
        return {
          ...state,
          pending: state.pending?.requestId === d.requestId ? null : state.pending,
          requests: {
            ...state.requests,
            [d.requestId]: { status: 'refused', publishAt: null, published: false },
          },
        };
      }
      case PublicationRequestPublished.type: {
        const d = event.data as Data<typeof PublicationRequestPublished>;
        const request = state.requests[d.requestId];
        if (!request) return state;
        return { ...state, requests: { ...state.requests, [d.requestId]: { ...request, published: true } } };
      }
      default: {
        const record = evolveResource(definition, state.record, event);
        // a publication or unpublication by hand, or a deletion, settles the acceptances still waiting for their
        // date: the platform does not publish an item a publisher unpublished or deleted meanwhile
        const resource = asResourceEvent(definition, event);
        const byHand =
          resource?.kind === 'softDeleted' ||
          resource?.kind === 'deleted' ||
          (resource?.kind === 'updated' && Object.hasOwn(resource.data.attributes, 'publishedAt'));
        if (!byHand) return { ...state, record };
        const requests = Object.fromEntries(
          Object.entries(state.requests).map(([id, request]) => [
            id,
            request.status === 'accepted' && !request.published ? { ...request, publishAt: null } : request,
          ]),
        );
        return { ...state, record, requests };
      }
    }
  };

  const publishedAtOf = (state: PublicationState): unknown =>
    state.record.status === 'active' || state.record.status === 'softDeleted'
      ? (state.record.attributes.publishedAt ?? null)
      : null;

  /** The publication, in one append: the request's event, then the layer's own update of publishedAt. */
  const publication = (target: Target, publishedAt: string): PublicationStreamEvent[] => [
    {
      type: PublicationRequestPublished.type,
      data: {
        requestId: target.requestId,
        itemType: target.itemType,
        itemId: target.itemId,
        publishedAt,
      } satisfies Data<typeof PublicationRequestPublished>,
    },
    {
      type: definition.events.updated,
      data: { id: target.itemId, attributes: { publishedAt }, relationships: {} },
    },
  ];

  /** The guards of a decision (accept, refuse): a publisher, a known pending request, a live unpublished item. */
  const decidable = (
    command: Extract<PublicationCommand, { data: { viewer: ViewerFacts } }>,
    state: PublicationState,
  ) => {
    const { requestId, itemId, viewer } = command.data;
    if (!allows(PUBLISHERS, viewer))
      throw new ForbiddenError('Only a publisher decides a publication request');
    const request = state.requests[requestId];
    if (!request)
      throw new NotFoundError(`publication request ${requestId} of ${singular} ${itemId} not found`);
    if (request.status !== 'pending')
      throw new ConflictError('conflict.publication_request_state', 'Only a pending request is decided');
    if (state.record.status !== 'active')
      throw new ConflictError('conflict.publication_request_state', `The ${singular} was deleted`);
    if (publishedAtOf(state) !== null)
      throw new ConflictError('conflict.already_published', `The ${singular} is already published`);
  };

  const decide = (command: PublicationCommand, state: PublicationState): PublicationStreamEvent[] => {
    const { now, actor } = command.metadata;
    const at = now.toISOString();
    const by = actor.userId ?? SYSTEM_USER_ID;
    const target: Target = {
      requestId: command.data.requestId,
      itemType: command.data.itemType,
      itemId: command.data.itemId,
    };
    switch (command.type) {
      case 'SubmitPublicationRequest': {
        const { record } = state;
        if (record.status !== 'active') throw new NotFoundError(`${singular} ${target.itemId} not found`);
        const facts = recordFacts(definition, record);
        if (!allows(definition.access.update ?? 'nobody', command.data.viewer, facts))
          throw new ForbiddenError(`Only who may update the ${singular} asks for its publication`);
        if (publishedAtOf(state) !== null)
          throw new ConflictError('conflict.already_published', `The ${singular} is already published`);
        if (state.pending)
          throw new ConflictError(
            'conflict.publication_request_pending',
            `The ${singular} already has a pending publication request`,
          );
        if (state.requests[target.requestId])
          throw new ConflictError(
            'conflict.duplicate_id',
            `publication request ${target.requestId} already exists`,
            '/data/id',
          );
        const description = command.data.description.trim();
        if (description === '')
          throw ValidationError.at(
            '/data/attributes/description',
            'Say what the publication is about',
            'validation.required',
          );
        return [
          {
            type: PublicationRequestSubmitted.type,
            data: {
              ...target,
              description,
              targetedPublishedAt: command.data.targetedPublishedAt,
              submittedAt: at,
              by,
            } satisfies Data<typeof PublicationRequestSubmitted>,
          },
        ];
      }
      case 'AcceptPublicationRequest': {
        decidable(command, state);
        const targeted = state.pending?.targetedPublishedAt ?? null;
        const publishAt = later(targeted ?? at, at);
        const accepted: PublicationStreamEvent = {
          type: PublicationRequestAccepted.type,
          data: { ...target, acceptedAt: at, publishAt, by } satisfies Data<
            typeof PublicationRequestAccepted
          >,
        };
        return Date.parse(publishAt) <= now.getTime()
          ? [accepted, ...publication(target, publishAt)]
          : [accepted];
      }
      case 'RefusePublicationRequest': {
        decidable(command, state);
        const refuseReason = command.data.refuseReason.trim();
        if (refuseReason === '')
          throw ValidationError.at(
            '/data/attributes/refuseReason',
            'Say why the publication is refused',
            'validation.required',
          );
        return [
          {
            type: PublicationRequestRefused.type,
            data: { ...target, refusedAt: at, refuseReason, by } satisfies Data<
              typeof PublicationRequestRefused
            >,
          },
        ];
      }
      case 'PublishScheduledPublication': {
        if (actor.userId !== SYSTEM_USER_ID)
          throw new ForbiddenError('Scheduled publications are appended by the platform only');
        const request = state.requests[target.requestId];
        // idempotent: published already, or an item unpublished, deleted or published by hand meanwhile
        if (
          !request ||
          request.status !== 'accepted' ||
          request.published ||
          request.publishAt === null ||
          Date.parse(request.publishAt) > now.getTime() ||
          state.record.status !== 'active' ||
          publishedAtOf(state) !== null
        )
          return [];
        return publication(target, request.publishAt);
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  };

  return {
    initialState: () => ({ record: initialResourceState(), pending: null, requests: {} }),
    evolve,
    decide,
  };
}
