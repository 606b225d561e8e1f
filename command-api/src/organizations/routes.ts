import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { userStreamId } from '@platform/contracts/accounts/events';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '@platform/contracts/errors';
import { AccessLevelSchema } from '@platform/contracts/enums';
import {
  OrganizationFieldsSchema,
  organizationStreamId,
  SlugSchema,
  slugify,
} from '@platform/contracts/organizations/events';
import { loadState, type EventStore } from '@platform/infra/event-store';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import type { CommandModuleDeps } from '../app.ts';
import { requireAccountsAdmin } from '../accounts/authorize.ts';
import { viewerOf } from '@platform/infra/http/viewer';
import { userDecider } from '../accounts/decide.ts';
import type { AccountsCommandOptions } from '../accounts/options.ts';
import { loadUser } from '../accounts/store.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import {
  withUniqueValues,
  type UniqueValueChange,
  type UniqueValueScope,
  type ValueHolder,
} from '../claims/unique-values.ts';
import { organizationDecider, type OrganizationCommand } from './decide.ts';
import { decideMemberships } from './memberships.ts';
import type { OrganizationState } from '@platform/contracts/organizations/state';

const TYPE = 'organizations';
const uuid = z.string().uuid();

/** Organization slugs are unique through claim streams, as page paths are (ADR 0008). */
export const SLUG_SCOPE: UniqueValueScope = {
  category: 'slugclaim',
  normalise: (v) => v.trim().toLowerCase(),
  conflictCode: 'conflict.duplicate_slug',
  noun: 'slug',
};
const owner = (id: string): ValueHolder => ({ type: 'organization', id });

const AccessLevelRelationship = z.object({
  data: z.object({ type: z.literal('access-levels'), id: AccessLevelSchema }).nullable(),
});
const CreateDocument = resourceDocument({
  type: TYPE,
  id: uuid.optional(),
  attributes: OrganizationFieldsSchema.partial()
    .required({ name: true })
    .extend({ slug: SlugSchema.optional() })
    .strict(),
  relationships: z.object({ accessLevel: AccessLevelRelationship.optional() }).strict().optional(),
});
const UpdateDocument = resourceDocument({
  type: TYPE,
  id: z.string().optional(),
  attributes: OrganizationFieldsSchema.partial().extend({ slug: SlugSchema.optional() }).strict().default({}),
  relationships: z.object({ accessLevel: AccessLevelRelationship.optional() }).strict().optional(),
});
const UsersDocument = z.object({
  data: z
    .array(z.object({ type: z.literal('users'), id: uuid }))
    .min(1)
    .max(100),
});

interface LoadedOrganization {
  state: OrganizationState;
  /** the stream's last version ('no_stream' when empty): what an If-Match is compared with */
  version: bigint | 'no_stream';
}

async function loadOrganization(eventStore: EventStore, id: string): Promise<LoadedOrganization> {
  const { state, version } = await loadState(eventStore, organizationStreamId(id), organizationDecider);
  return { state, version };
}

function stillHolds(eventStore: EventStore) {
  return async (o: ValueHolder, slug: string) => {
    if (o.type !== 'organization') return true;
    const { state } = await loadOrganization(eventStore, o.id);
    return state.status === 'active' && state.slug === slug;
  };
}

/** An organization's slug as a command leaves it, for `withUniqueValues`. */
const slugValue = (
  eventStore: EventStore,
  change: Pick<UniqueValueChange, 'value' | 'previous' | 'idempotencyKey'>,
): UniqueValueChange => ({
  scope: SLUG_SCOPE,
  pointer: '/data/attributes/slug',
  stillHolds: stillHolds(eventStore),
  ...change,
});

/**
 * Administrators edit any organization; an organization_admin edits the organizations they belong to (seed
 * 000 §2.4, "my-organization"), but not what administrators decide: the access level and the admin-only note.
 */
async function requireOrganizationEditor(
  eventStore: EventStore,
  res: Response,
  organizationId: string,
  options: { adminOnly: boolean },
): Promise<void> {
  const viewer = viewerOf(res);
  if (isAdministrator(viewer)) return;
  if (viewer.userId === null) throw new UnauthenticatedError();
  if (!options.adminOnly && viewer.roles.includes('organization_admin')) {
    const { state } = await loadUser(eventStore, viewer.userId);
    if (state.status === 'active' && state.organizations.includes(organizationId)) return;
  }
  throw new ForbiddenError(
    options.adminOnly
      ? 'Only administrators set an access level or an admin-only note'
      : 'Editing this organization requires the admin role, or organization_admin as one of its members',
  );
}

function organizationIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!uuid.safeParse(id).success) throw new NotFoundError(`organization ${id} not found`);
  return id;
}

const emptyFields = {
  unitName: null,
  shortDescription: null,
  description: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  externalUrl: null,
  country: null,
  longitude: null,
  latitude: null,
  adminOnlyNote: null,
};

/** POST/PATCH /organizations and their members (administrators; 404 while the organizations feature is off). */
export function organizationsCommandRoutes(deps: CommandModuleDeps, options: AccountsCommandOptions): Router {
  const router = express.Router();
  const claimDeps = { eventStore: deps.eventStore, contracts: deps.contracts };
  router.use(`/${TYPE}`, (_req, _res, next) => {
    if (!options.features.organizations) throw new NotFoundError('No route for this call');
    next();
  });

  router.post(`/${TYPE}`, async (req, res) => {
    const request = deps.commandRequest(req, res);
    requireAccountsAdmin(res);
    const doc = parseDocument(CreateDocument, req.body);
    const key = request.idempotencyKey;
    const id = doc.data.id ?? (key ? deriveId(key, TYPE) : randomUUID());
    const { slug: given, ...fields } = doc.data.attributes;
    const slug = given ?? slugify(fields.name);
    if (!SlugSchema.safeParse(slug).success) {
      throw ValidationError.at('/data/attributes/slug', 'give a slug: the name makes none');
    }
    const command: OrganizationCommand = {
      type: 'CreateOrganization',
      data: {
        ...emptyFields,
        ...fields,
        id,
        slug,
        accessLevel: doc.data.relationships?.accessLevel?.data?.id ?? null,
      },
      metadata: request.metadata,
    };
    const { state: current } = await loadOrganization(deps.eventStore, id);
    if (!(key && current.status === 'active')) organizationDecider.decide(command, current);
    const values = [slugValue(deps.eventStore, { value: slug, idempotencyKey: key })];
    const result = await withUniqueValues(
      claimDeps,
      { holder: owner(id), metadata: request.metadata, values },
      () =>
        deps.handle({
          streamId: organizationStreamId(id),
          decider: organizationDecider,
          command,
          ...(key !== undefined ? { idempotencyKey: key } : {}),
        }),
    );
    sendCommandResult(res, { type: TYPE, id, result, status: 201 });
  });

  /**
   * One edit, whatever it changes (fields, slug, access level): one decision over the whole request and one
   * append with the version it was decided on, so it is stored whole or refused with nothing stored.
   */
  router.patch(`/${TYPE}/:id`, async (req, res) => {
    const id = organizationIdOf(req);
    const request = deps.commandRequest(req, res);
    const doc = parseDocument(UpdateDocument, req.body);
    await requireOrganizationEditor(deps.eventStore, res, id, {
      adminOnly:
        doc.data.relationships?.accessLevel !== undefined || doc.data.attributes.adminOnlyNote !== undefined,
    });
    const { state: current, version } = await loadOrganization(deps.eventStore, id);
    if (current.status !== 'active') throw new NotFoundError(`organization ${id} not found`);
    const { slug, ...fields } = doc.data.attributes;
    const level = doc.data.relationships?.accessLevel;
    const update: OrganizationCommand = {
      type: 'UpdateOrganization',
      data: {
        id,
        fields,
        ...(slug !== undefined ? { slug } : {}),
        ...(level !== undefined ? { accessLevel: level.data?.id ?? null } : {}),
      },
      metadata: request.metadata,
    };
    // refused before the new slug is claimed: a stale If-Match, or anything the decider turns down
    if (request.expectedVersion !== undefined && request.expectedVersion !== version) {
      throw new ConflictError(
        'conflict.wrong_expected_version',
        `The ${organizationStreamId(id)} stream is at version ${String(version)}, not ${request.expectedVersion}: reload and try again`,
      );
    }
    organizationDecider.decide(update, current);
    const values = [slugValue(deps.eventStore, { value: slug ?? current.slug, previous: current.slug })];
    // one append for the whole edit; refused at the append (a writer came in between), the new slug goes back
    const result = await withUniqueValues(
      claimDeps,
      { holder: owner(id), metadata: request.metadata, values, releaseClaimedOnRefusal: true },
      () =>
        deps.handle({
          streamId: organizationStreamId(id),
          decider: organizationDecider,
          command: update,
          ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        }),
    );
    sendCommandResult(res, { type: TYPE, id, result });
  });

  /**
   * Members join (POST) or leave (DELETE). The membership lives on each user's stream: the whole list is
   * decided first (every user must exist and be able to take the change), so a refused list appends nothing;
   * then each user whose membership changes gets one append on their stream.
   */
  for (const method of ['post', 'delete'] as const) {
    router[method](`/${TYPE}/:id/relationships/users`, async (req, res) => {
      if (!options.features.userOrganizations) throw new NotFoundError('No route for this call');
      const id = organizationIdOf(req);
      const request = deps.commandRequest(req, res);
      requireAccountsAdmin(res);
      const doc = parseDocument(UsersDocument, req.body);
      if ((await loadOrganization(deps.eventStore, id)).state.status !== 'active') {
        throw new NotFoundError(`organization ${id} not found`);
      }
      const users = await Promise.all(
        doc.data.map(async (user) => ({
          id: user.id,
          state: (await loadUser(deps.eventStore, user.id)).state,
        })),
      );
      const change = method === 'post' ? 'join' : 'leave';
      const decisions = decideMemberships(change, id, users, request.metadata);
      const type = method === 'post' ? 'JoinOrganization' : 'LeaveOrganization';
      // the answer's position covers every append of the request (a later query reads all of them)
      let answer: CommandResult | null = null;
      for (const decision of decisions) {
        // decided above; decided again on the stream as it is at the append (a concurrent writer is retried)
        const result = await deps.handle({
          streamId: userStreamId(decision.userId),
          decider: userDecider,
          command: { type, data: { id: decision.userId, organizationId: id }, metadata: request.metadata },
        });
        if (!answer || (await deps.eventStore.comparePositions(result.position, answer.position)) > 0) {
          answer = result;
        }
      }
      sendCommandResult(res, { type: TYPE, id, result: answer! });
    });
  }

  return router;
}
