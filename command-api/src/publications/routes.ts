import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import type { CommandMetadata } from '@platform/contracts/metadata';
import { notificationResource } from '@platform/contracts/notifications/notification';
import {
  PUBLICATION_REQUEST_TYPES,
  PublicationRequestAccepted,
  PublicationRequestPublished,
  PublicationRequestRefused,
  PublicationRequestSubmitted,
  type PublicationRequestType,
} from '@platform/contracts/publications/requests';
import type { ResourceDefinition, ResourceFeatures } from '@platform/contracts/resources/definition';
import { publicationEndpoints } from '@platform/contracts/publications/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { loadState } from '@platform/infra/event-store';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { resourceDecider } from '../resources/decide.ts';
import { sendCommandResult } from '../http/respond.ts';
import { publicationDecider, type PublicationCommand } from './requests.ts';

const uuid = z.string().uuid();
const TYPE = 'publication-requests';

/**
 * A decision racing with another on the same request: the loser re-decides on the new stream and finds the
 * request decided (409). Enough retries for a few publishers and the scheduler at once.
 */
const DECISION_RETRIES = 5;

/** A notification's message is at most this long (notificationResource); the whole reason is in its details. */
const MESSAGE_MAX = 1000;

/** An instant as the notifications say it: `2030-05-01 09:00 UTC`. */
const shownDate = (instant: string) =>
  `${new Date(instant).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** An item's title as its stream holds it (a translated title: its first translation), or its id. */
function titleOf(definition: ResourceDefinition, attributes: Record<string, unknown>, id: string): string {
  const value = attributes[definition.title ?? 'title'];
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object') {
    const first = Object.values(value).find((v) => typeof v === 'string' && v.trim());
    if (typeof first === 'string') return first;
  }
  return id;
}

/**
 * Tells the member who submitted a request that it was accepted or refused (plan §3.1; the notifications resource,
 * as the open badges do): best effort after the decision, one notification per decision (its id derived from the
 * decision's events, so a retried request adds none). The link opens the item in the back office.
 */
async function notifySubmitter(
  deps: CommandModuleDeps,
  definition: ResourceDefinition,
  itemId: string,
  requestId: string,
  result: CommandResult,
  metadata: CommandMetadata,
): Promise<void> {
  const accepted = result.events.find((e) => e.type === PublicationRequestAccepted.type);
  const refused = result.events.find((e) => e.type === PublicationRequestRefused.type);
  if (!accepted && !refused) return;
  try {
    const { state, events } = await loadState(
      deps.eventStore,
      definition.streamId(itemId),
      publicationDecider(definition),
    );
    const submitted = events.find(
      (e) =>
        e.type === PublicationRequestSubmitted.type &&
        (e.data as { requestId?: string }).requestId === requestId,
    );
    const submitter = (submitted?.data as { by?: string } | undefined)?.by;
    if (!submitter) return;
    const record = state.record;
    const title = titleOf(
      definition,
      record.status === 'active' || record.status === 'softDeleted' ? record.attributes : {},
      itemId,
    );
    const about = `Your publication request for “${title}” was`;
    let notification: { notificationType: string; message: string; details: string | null };
    if (accepted) {
      const { publishAt } = accepted.data as { publishAt: string };
      const now = result.events.some((e) => e.type === PublicationRequestPublished.type);
      notification = {
        notificationType: 'publication-request-accepted',
        message: now
          ? `${about} accepted; it is published.`
          : `${about} accepted; it will be published on ${shownDate(publishAt)}.`,
        details: null,
      };
    } else {
      const { refuseReason } = refused!.data as { refuseReason: string };
      const message = `${about} refused: ${refuseReason}`;
      notification = {
        notificationType: 'publication-request-refused',
        message: message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message,
        details: refuseReason,
      };
    }
    const cause = result.events.map((e) => e.eventId).join(',');
    const id = deriveId(cause, 'notify', submitter);
    await deps.handle({
      streamId: notificationResource.streamId(id),
      decider: resourceDecider(notificationResource, id),
      command: {
        type: 'CreateResource',
        data: {
          id,
          attributes: notificationResource.attributes.parse({
            ...notification,
            actionUrl: `/admin/resources/${definition.type}/show/${itemId}`,
          }),
          relationships: { user: submitter },
        },
        metadata,
      },
      idempotencyKey: `${cause}:notify:${submitter}`,
    });
  } catch (error) {
    deps.logger.warn({ err: error, requestId }, 'publication request notification not recorded');
  }
}

export interface PublicationRoutesOptions {
  /** the publication items served, by type: the catalogue's definitions of PUBLICATION_REQUEST_TYPES */
  items: readonly ResourceDefinition[];
  /** the resource features on: an item type whose feature is off answers 404 */
  features?: Partial<ResourceFeatures>;
}

/**
 * The publication requests' commands (plan §4), each decided on the item's own stream (`article-<id>`, ...) with
 * the stream's expected version:
 * - POST /services/publishables/{type}/{id}/publication-requests: its keepers ask for the item's publication (201);
 * - POST …/publication-requests/{requestId}/accept: a publisher accepts it (published at once or at its date);
 * - POST …/publication-requests/{requestId}/refuse `{ refuseReason }`: a publisher refuses it.
 * A type that is no publication item, or whose feature is off, answers 404; who may do what is the decider's.
 */
export function publicationRequestRoutes(options: PublicationRoutesOptions): CommandModule {
  const byType = new Map<string, ResourceDefinition>();
  for (const definition of options.items)
    if ((PUBLICATION_REQUEST_TYPES as readonly string[]).includes(definition.type))
      byType.set(definition.type, definition);
  const features = options.features ?? {};

  /** The item's definition and id from the path, or 404. */
  const itemOf = (req: Request) => {
    const type = String(req.params.type);
    const itemId = String(req.params.id);
    const definition = byType.get(type);
    if (!definition || (definition.feature !== null && features[definition.feature] === false))
      throw new NotFoundError(`No publication items of type ${type}`);
    if (!uuid.safeParse(itemId).success)
      throw new NotFoundError(`${definition.singular} ${itemId} not found`);
    return { definition, itemType: type as PublicationRequestType, itemId };
  };

  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();

    const run = async (
      req: Request,
      res: Response,
      build: (target: {
        definition: ResourceDefinition;
        itemType: PublicationRequestType;
        itemId: string;
        viewer: ReturnType<typeof viewerOf>;
        idempotencyKey: string | undefined;
      }) => { command: Omit<PublicationCommand, 'metadata'>; status: 200 | 201 },
    ) => {
      const { definition, itemType, itemId } = itemOf(req);
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const request = deps.commandRequest(req, res);
      const { command, status } = build({
        definition,
        itemType,
        itemId,
        viewer,
        idempotencyKey: request.idempotencyKey,
      });
      const result = await deps.handle({
        streamId: definition.streamId(itemId),
        decider: publicationDecider(definition),
        command: { ...command, metadata: request.metadata } as PublicationCommand,
        maxRetries: DECISION_RETRIES,
        ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
      });
      if (command.type === 'AcceptPublicationRequest' || command.type === 'RefusePublicationRequest')
        await notifySubmitter(deps, definition, itemId, command.data.requestId, result, request.metadata);
      sendCommandResult(res, { type: TYPE, id: command.data.requestId, result, status });
    };

    mountEndpoint(router, publicationEndpoints.submit, async (req, res, call) => {
      await run(req, res, ({ itemType, itemId, viewer, idempotencyKey }) => {
        const { data } = call.body();
        const requestId = data.id ?? (idempotencyKey ? deriveId(idempotencyKey, TYPE, itemId) : randomUUID());
        return {
          status: 201,
          command: {
            type: 'SubmitPublicationRequest',
            data: {
              itemType,
              itemId,
              requestId,
              description: data.attributes.description,
              targetedPublishedAt: data.attributes.targetedPublishedAt,
              viewer,
            },
          },
        };
      });
    });

    const requestIdOf = (req: Request) => {
      const requestId = String(req.params.requestId);
      if (!uuid.safeParse(requestId).success)
        throw new NotFoundError(`publication request ${requestId} not found`);
      return requestId;
    };

    mountEndpoint(router, publicationEndpoints.accept, async (req, res) => {
      await run(req, res, ({ itemType, itemId, viewer }) => ({
        status: 200,
        command: {
          type: 'AcceptPublicationRequest',
          data: { itemType, itemId, requestId: requestIdOf(req), viewer },
        },
      }));
    });

    mountEndpoint(router, publicationEndpoints.refuse, async (req, res, call) => {
      await run(req, res, ({ itemType, itemId, viewer }) => {
        const requestId = requestIdOf(req);
        const { data } = call.body();
        return {
          status: 200,
          command: {
            type: 'RefusePublicationRequest',
            data: { itemType, itemId, requestId, refuseReason: data.attributes.refuseReason, viewer },
          },
        };
      });
    });

    return router;
  };
}
