import { randomBytes, randomUUID } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import type { Sql } from 'postgres';
import { z } from 'zod/v4';
import { AccessLevelSchema } from '@platform/contracts/access-level';
import { ACCESS_LEVEL_WEIGHTS, type AccessLevel } from '@platform/contracts/enums';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { appEnvironmentResource, APP_ENVIRONMENT_ID } from '@platform/contracts/environment/app-environment';
import type { CommandMetadata } from '@platform/contracts/metadata';
import { notificationResource } from '@platform/contracts/notifications/notification';
import { assertionUrls, openBadgeAssertionStreamId } from '@platform/contracts/open-badges/assertion';
import { openBadgeEndpoints as endpoints } from '@platform/contracts/open-badges/endpoints';
import { mayIssueOpenBadges } from '@platform/contracts/open-badges/issuer';
import {
  openBadgeSessionStreamId,
  type OpenBadgeAssertionIssuedData,
  type OpenBadgeSessionEvent,
} from '@platform/contracts/open-badges/session';
import {
  currentModulePosition,
  openBadgeSessionViewer,
  sessionAllowedActions,
  type OpenBadgeSessionState,
} from '@platform/contracts/open-badges/session-state';
import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { evolveResource, resourceStartState } from '@platform/contracts/resources/state';
import { loadState, readStreamOrEmpty } from '@platform/infra/event-store';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { loadUser } from '../accounts/store.ts';
import type { CommandModule, CommandModuleDeps, CommandRequest } from '../app.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';
import { openBadgeAssertionDecider } from './assertion.ts';
import {
  openBadgeSessionDecider,
  type OpenBadgeCaller,
  type OpenBadgeFacts,
  type OpenBadgeIssuerFacts,
} from './session.ts';

const SESSION_TYPE = 'open-badge-training-sessions';
const uuid = z.string().uuid();

const environmentTable = resourceTable(appEnvironmentResource);
const issuerLevelColumn = environmentTable.attributes.find(
  (a) => a.name === 'openBadgeIssuerAccessLevel',
)!.column;

/**
 * The app environment's openBadgeIssuerAccessLevel (seed 001 §5), null when unset, for the issuer organization's
 * facts: the one the viewer carries (a signed-in member's session loads the environment with the viewer), read
 * here only for a viewer that carries none (an API token).
 */
async function issuerThreshold(sql: Sql | undefined, viewer: Viewer): Promise<AccessLevel | null> {
  if (viewer.environment) return viewer.environment.openBadgeIssuerAccessLevel ?? null;
  if (!sql) return null;
  const [row] = await sql<Array<{ level: string | null }>>`
    select ${sql(issuerLevelColumn)} as level from ${sql('read.' + environmentTable.table)}
     where id = ${APP_ENVIRONMENT_ID}`;
  const parsed = AccessLevelSchema.nullable().safeParse(row?.level ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * The caller's part for the deciders: an administrator, their acting organization, whether they issue (the issuer
 * rule under the threshold the viewer carries: none, nobody issues, as the layer's rules read it).
 */
function callerOf(viewer: Viewer): OpenBadgeCaller {
  return {
    isAdmin: allows(APP_ADMINS, viewer),
    actingAsOrganizationId: viewer.actingAsOrganizationId ?? null,
    mayIssue: mayIssueOpenBadges(viewer, viewer.environment ?? {}),
  };
}

/** A record of the layer folded from its stream (the badge, the organization); null when none is live. */
async function loadRecord(deps: Pick<CommandModuleDeps, 'eventStore'>, type: string, id: string) {
  const definition = resourceDefinition(type);
  if (!definition || !uuid.safeParse(id).success) return null;
  const stored = await readStreamOrEmpty(deps.eventStore, definition.streamId(id));
  const state = stored.reduce((s, e) => evolveResource(definition, s, e), resourceStartState(definition, id));
  return state.status === 'active' ? state : null;
}

const BadgeAttributes = z.object({
  publishedAt: z.string().nullable().optional(),
  validityDuration: z.number().nullable().optional(),
  modules: z.array(z.object({ position: z.number().int(), title: z.string() }).passthrough()).optional(),
});

/** The badge as a session needs it, from its own stream (no read model lag). */
export async function loadOpenBadgeFacts(
  deps: Pick<CommandModuleDeps, 'eventStore'>,
  badgeId: string,
): Promise<OpenBadgeFacts | null> {
  const badge = await loadRecord(deps, 'open-badges', badgeId);
  if (!badge) return null;
  const attributes = BadgeAttributes.parse(badge.attributes);
  return {
    badgeId,
    publishedAt: attributes.publishedAt ?? null,
    validityDuration: attributes.validityDuration ?? null,
    modules: (attributes.modules ?? []).map(({ position, title }) => ({ position, title })),
  };
}

/** The issuer organization named by its id or its slug, and whether its level reaches the threshold. */
async function loadIssuerFacts(
  deps: CommandModuleDeps,
  ref: string,
  threshold: AccessLevel | null,
): Promise<OpenBadgeIssuerFacts | null> {
  let id: string | null = uuid.safeParse(ref).success ? ref : null;
  if (id === null && deps.readSql) {
    const [row] = await deps.readSql<Array<{ id: string }>>`
      select id::text from read.organizations where slug = ${ref.toLowerCase()} and deleted_at is null`;
    id = row?.id ?? null;
  }
  if (id === null) return null;
  const organization = await loadRecord(deps, 'organizations', id);
  if (!organization) return null;
  const level = organization.relationships.accessLevel;
  const weight =
    typeof level === 'string' && level in ACCESS_LEVEL_WEIGHTS
      ? ACCESS_LEVEL_WEIGHTS[level as AccessLevel]
      : 0;
  // the organization as a member acting as it would be: the rule every issuer decision asks (issuer.ts)
  const mayIssue = mayIssueOpenBadges(
    { userId: id, roles: [], isAdmin: false, accessWeight: weight, actingAsOrganizationId: id },
    { openBadgeIssuerAccessLevel: threshold },
  );
  return { organizationId: id, mayIssue };
}

/** Tells members of a step (the notifications resource): best effort, one notification per user and cause. */
async function notify(
  deps: CommandModuleDeps,
  metadata: CommandMetadata,
  result: CommandResult,
  userIds: readonly string[],
  message: { notificationType: string; message: string; actionUrl: string },
): Promise<void> {
  const cause = result.events.map((e) => e.eventId).join(',');
  for (const userId of new Set(userIds)) {
    const id = deriveId(cause, 'notify', userId);
    try {
      await deps.handle({
        streamId: notificationResource.streamId(id),
        decider: resourceDecider(notificationResource, id),
        command: {
          type: 'CreateResource',
          data: {
            id,
            attributes: notificationResource.attributes.parse({ ...message }),
            relationships: { user: userId },
          },
          metadata,
        },
        idempotencyKey: `${cause}:notify:${userId}`,
      });
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'open badge notification not recorded');
    }
  }
}

/** The members who act for the issuer organization (its members), to tell them of a request or a finish. */
async function issuerMembers(deps: CommandModuleDeps, organizationId: string): Promise<string[]> {
  if (!deps.readSql) return [];
  const rows = await deps.readSql<Array<{ user_id: string }>>`
    select user_id::text from read.user_organizations where organization_id = ${organizationId} limit 100`;
  return rows.map((r) => r.user_id);
}

/** The session as the command side knows it right after a step: enough for the page to go on without a read. */
function sessionDocument(
  state: OpenBadgeSessionState,
  viewer: Viewer,
  caller: OpenBadgeCaller,
  result: CommandResult,
) {
  if (state.status === 'none') throw new Error('a session step left no session');
  const part = openBadgeSessionViewer(state, { ...caller, userId: viewer.userId });
  const { sessionId, badgeId, issuerId, userId, modules, ...rest } = state;
  return {
    data: {
      type: SESSION_TYPE,
      id: sessionId,
      attributes: {
        status: state.status,
        badgeId,
        issuerId,
        userId,
        requestedAt: rest.requestedAt,
        acceptedAt: rest.acceptedAt,
        refusedAt: rest.refusedAt,
        refusedReason: rest.refusedReason,
        startedAt: rest.startedAt,
        finishedAt: rest.finishedAt,
        durationSeconds: rest.durationSeconds,
        modules,
        assertionId: rest.assertionId,
        allowedActions: sessionAllowedActions(state, part),
        currentPosition:
          state.status === 'accepted' || state.status === 'in_progress'
            ? currentModulePosition(modules)
            : null,
        canIssue: part.isIssuer,
      },
    },
    meta: { position: result.position.toString(), version: result.nextExpectedVersion.toString() },
  };
}

function send(res: Response, status: 200 | 201, result: CommandResult, document: unknown): void {
  res
    .status(status)
    .setHeader('X-Event-Position', result.position.toString())
    .setHeader('ETag', `"${result.nextExpectedVersion.toString()}"`)
    .type(JSON_API_MEDIA_TYPE)
    .send(JSON.stringify(document));
}

const optional = (request: CommandRequest) => ({
  ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
  ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
});

/**
 * The training sessions' and assertions' commands (seed 000 §2.2, 001 §3-§5):
 * - POST /services/open-badges/sessions `{ data: { type: 'open-badge-training-sessions', attributes: { badgeId,
 *   issuerId } } }` (issuerId: the organization's id or slug) -> 201, the session;
 * - POST /services/open-badges/sessions/{id}/actions `{ data: { attributes: { action, reason?, position? } } }` ->
 *   200, the session;
 * - POST /services/open-badges/sessions/{id}/assertion `{ data: { attributes: { recipientName, evidence? } } }`
 *   -> 201 `{ data: { type: 'open-badge-assertions', id } }`;
 * - POST /services/open-badges/assertions/{id}/revoke `{ data: { attributes: { reason } } }` -> 200.
 * Every answer carries `meta.position` (a following read passes it as minPosition) and `meta.version`.
 */
export function openBadgeSessionRoutes(options: { publicUrl: string }): CommandModule {
  return (deps): Router => {
    const router = express.Router();
    const signedIn = (res: Response) => {
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      return viewer;
    };
    const sessionUrl = (id: string) => `/open-badge-trainings/${id}`;
    const deskUrl = (id: string) => `/admin/open-badges/sessions/${id}`;

    mountEndpoint(router, endpoints.requestSession, async (req, res, call) => {
      const viewer = signedIn(res);
      const request = deps.commandRequest(req, res);
      const { badgeId, issuerId } = call.body().data.attributes;
      const threshold = await issuerThreshold(deps.readSql, viewer);
      const { state: member } = await loadUser(deps.eventStore, viewer.userId!);
      const sessionId =
        request.idempotencyKey !== undefined
          ? deriveId(request.idempotencyKey, 'open-badge-session')
          : randomUUID();
      const result = await deps.handle({
        streamId: openBadgeSessionStreamId(sessionId),
        decider: openBadgeSessionDecider,
        command: {
          type: 'RequestOpenBadgeSession',
          data: {
            sessionId,
            badge: await loadOpenBadgeFacts(deps, badgeId),
            issuer: await loadIssuerFacts(deps, issuerId, threshold),
            emailVerified: member.status === 'active' && member.emailVerified,
          },
          metadata: request.metadata,
        },
        ...optional(request),
      });
      const caller = callerOf(viewer);
      const { state } = await loadState(
        deps.eventStore,
        openBadgeSessionStreamId(sessionId),
        openBadgeSessionDecider,
      );
      if (state.status !== 'none' && result.events.length > 0)
        await notify(deps, request.metadata, result, await issuerMembers(deps, state.issuerId), {
          notificationType: 'open-badge-session-requested',
          message: 'A member requested a training session',
          actionUrl: deskUrl(sessionId),
        });
      send(res, 201, result, sessionDocument(state, viewer, caller, result));
    });

    mountEndpoint(router, endpoints.sessionAction, async (req, res, call) => {
      const sessionId = call.params.id;
      if (!uuid.safeParse(sessionId).success)
        throw new NotFoundError(`open badge training session ${sessionId} not found`);
      const viewer = signedIn(res);
      const request = deps.commandRequest(req, res);
      const action = call.body().data.attributes;
      const caller = callerOf(viewer);
      const streamId = openBadgeSessionStreamId(sessionId);
      const result = await deps.handle({
        streamId,
        decider: openBadgeSessionDecider,
        command: {
          type: 'RunOpenBadgeSessionAction',
          data: { sessionId, caller, action },
          metadata: request.metadata,
        },
        ...optional(request),
      });
      const { state } = await loadState(deps.eventStore, streamId, openBadgeSessionDecider);
      if (state.status !== 'none' && result.events.length > 0) {
        const types = new Set(result.events.map((e) => e.type as OpenBadgeSessionEvent['type']));
        if (types.has('OpenBadgeSessionAccepted') || types.has('OpenBadgeSessionRefused'))
          await notify(deps, request.metadata, result, [state.userId], {
            notificationType: types.has('OpenBadgeSessionAccepted')
              ? 'open-badge-session-accepted'
              : 'open-badge-session-refused',
            message: types.has('OpenBadgeSessionAccepted')
              ? 'Your training session was accepted'
              : 'Your training session was refused',
            actionUrl: sessionUrl(sessionId),
          });
        if (types.has('OpenBadgeSessionFinished'))
          await notify(deps, request.metadata, result, await issuerMembers(deps, state.issuerId), {
            notificationType: 'open-badge-session-finished',
            message: 'A member finished a training session',
            actionUrl: deskUrl(sessionId),
          });
      }
      send(res, 200, result, sessionDocument(state, viewer, caller, result));
    });

    mountEndpoint(router, endpoints.issueAssertion, async (req, res, call) => {
      const sessionId = call.params.id;
      if (!uuid.safeParse(sessionId).success)
        throw new NotFoundError(`open badge training session ${sessionId} not found`);
      const viewer = signedIn(res);
      const request = deps.commandRequest(req, res);
      const { recipientName, evidence } = call.body().data.attributes;
      const caller = callerOf(viewer);
      const streamId = openBadgeSessionStreamId(sessionId);
      const { state: before } = await loadState(deps.eventStore, streamId, openBadgeSessionDecider);
      // the member's e-mail and the badge's validity as they are when the badge is awarded
      const recipient =
        before.status === 'none' ? null : (await loadUser(deps.eventStore, before.userId)).state;
      const badge = before.status === 'none' ? null : await loadOpenBadgeFacts(deps, before.badgeId);
      // an award that recorded the issue on the session but not the assertion's own stream (stopped between the
      // two appends) is finished by the retry rather than refused as a second award
      const assertionRecorded =
        before.status === 'none' || before.assertionId === null
          ? true
          : (
              await loadState(
                deps.eventStore,
                openBadgeAssertionStreamId(before.assertionId),
                openBadgeAssertionDecider,
              )
            ).state.status !== 'none';
      const result = await deps.handle({
        streamId,
        decider: openBadgeSessionDecider,
        command: {
          type: 'IssueOpenBadgeAssertion',
          data: {
            sessionId,
            assertionId: deriveId(sessionId, 'open-badge-assertion'),
            caller,
            recipientName,
            recipientEmail: recipient?.status === 'active' ? recipient.email : 'unknown@invalid',
            recipientSalt: randomBytes(16).toString('hex'),
            evidence: evidence ?? null,
            validityDuration: badge?.validityDuration ?? null,
            assertionRecorded,
          },
          metadata: request.metadata,
        },
        ...optional(request),
      });
      const issued =
        result.events.find((e) => e.type === 'OpenBadgeAssertionIssued') ??
        // the partial award's retry: the issue the session recorded before
        (await readStreamOrEmpty(deps.eventStore, streamId)).find(
          (e) => e.type === 'OpenBadgeAssertionIssued',
        );
      if (!issued) throw new Error('issuing an assertion found no OpenBadgeAssertionIssued');
      const data = issued.data as OpenBadgeAssertionIssuedData;
      const created = await deps.handle({
        streamId: openBadgeAssertionStreamId(data.assertionId),
        decider: openBadgeAssertionDecider,
        command: {
          type: 'CreateOpenBadgeAssertion',
          data: { issued: data, urls: assertionUrls(options.publicUrl, data.assertionId) },
          metadata: request.metadata,
        },
        idempotencyKey: `open-badge-assertion:${data.assertionId}`,
      });
      // told once per award: by the events of the step that recorded it (the assertion's own on a retry)
      await notify(deps, request.metadata, result.events.length > 0 ? result : created, [data.userId], {
        notificationType: 'open-badge-awarded',
        message: 'You were awarded an open badge',
        actionUrl: '/account/profile/open-badges',
      });
      sendCommandResult(res, {
        type: 'open-badge-assertions',
        id: data.assertionId,
        result: created.position > result.position ? created : result,
        status: 201,
      });
    });

    mountEndpoint(router, endpoints.revokeAssertion, async (req, res, call) => {
      const assertionId = call.params.id;
      if (!uuid.safeParse(assertionId).success)
        throw new NotFoundError(`open badge assertion ${assertionId} not found`);
      const viewer = signedIn(res);
      const request = deps.commandRequest(req, res);
      const { reason } = call.body().data.attributes;
      const caller = callerOf(viewer);
      const result = await deps.handle({
        streamId: openBadgeAssertionStreamId(assertionId),
        decider: openBadgeAssertionDecider,
        command: {
          type: 'RevokeOpenBadgeAssertion',
          data: { assertionId, caller, reason },
          metadata: request.metadata,
        },
        ...optional(request),
      });
      sendCommandResult(res, { type: 'open-badge-assertions', id: assertionId, result });
    });

    return router;
  };
}
