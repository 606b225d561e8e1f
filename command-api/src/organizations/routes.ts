import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { userStreamId } from '@platform/contracts/accounts/events';
import {
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
  type OrganizationEvent,
} from '@platform/contracts/organizations/events';
import type { PathOwner } from '@platform/contracts/paths';
import { StreamNotFoundError, type EventStore } from '@platform/infra/event-store';
import type { CommandModuleDeps } from '../app.ts';
import { isAccountsAdmin, requireAccountsAdmin } from '../accounts/authorize.ts';
import { viewerOf } from '@platform/infra/http/viewer';
import { userDecider } from '../accounts/decide.ts';
import type { AccountsCommandOptions } from '../accounts/options.ts';
import { loadUser } from '../accounts/store.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import { claimPath, releasePath, type ClaimScope } from '../paths/claims.ts';
import { organizationDecider, type OrganizationCommand } from './decide.ts';
import type { OrganizationState } from '@platform/contracts/organizations/state';

const TYPE = 'organizations';
const uuid = z.string().uuid();

/** Organization slugs are unique through claim streams, as page paths are (ADR 0008). */
export const SLUG_SCOPE: ClaimScope = {
  category: 'slugclaim',
  normalise: (v) => v.trim().toLowerCase(),
  conflictCode: 'conflict.duplicate_slug',
  noun: 'slug',
};
const owner = (id: string): PathOwner => ({ type: 'organization', id });

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

async function loadOrganization(eventStore: EventStore, id: string): Promise<OrganizationState> {
  try {
    const events = await eventStore.readStream(organizationStreamId(id));
    return events.reduce(
      (s, e) => organizationDecider.evolve(s, { type: e.type, data: e.data } as OrganizationEvent),
      organizationDecider.initialState(),
    );
  } catch (error) {
    if (error instanceof StreamNotFoundError) return organizationDecider.initialState();
    throw error;
  }
}

function stillHolds(eventStore: EventStore) {
  return async (o: PathOwner, slug: string) => {
    if (o.type !== 'organization') return true;
    const state = await loadOrganization(eventStore, o.id);
    return state.status === 'active' && state.slug === slug;
  };
}

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
  if (isAccountsAdmin(res)) return;
  const viewer = viewerOf(res);
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
    const current = await loadOrganization(deps.eventStore, id);
    if (!(key && current.status === 'active')) organizationDecider.decide(command, current);
    await claimPath(claimDeps, slug, owner(id), request.metadata, {
      scope: SLUG_SCOPE,
      pointer: '/data/attributes/slug',
      stillHolds: stillHolds(deps.eventStore),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const result = await deps.handle({
      streamId: organizationStreamId(id),
      decider: organizationDecider,
      command,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    sendCommandResult(res, { type: TYPE, id, result, status: 201 });
  });

  router.patch(`/${TYPE}/:id`, async (req, res) => {
    const id = organizationIdOf(req);
    const request = deps.commandRequest(req, res);
    const doc = parseDocument(UpdateDocument, req.body);
    await requireOrganizationEditor(deps.eventStore, res, id, {
      adminOnly:
        doc.data.relationships?.accessLevel !== undefined || doc.data.attributes.adminOnlyNote !== undefined,
    });
    const current = await loadOrganization(deps.eventStore, id);
    if (current.status !== 'active') throw new NotFoundError(`organization ${id} not found`);
    const { slug, ...fields } = doc.data.attributes;
    const update: OrganizationCommand = {
      type: 'UpdateOrganization',
      data: { id, fields, ...(slug !== undefined ? { slug } : {}) },
      metadata: request.metadata,
    };
    const level = doc.data.relationships?.accessLevel;
    if (slug !== undefined && slug !== current.slug) {
      await claimPath(claimDeps, slug, owner(id), request.metadata, {
        scope: SLUG_SCOPE,
        pointer: '/data/attributes/slug',
        stillHolds: stillHolds(deps.eventStore),
      });
    }
    let result = await deps.handle({
      streamId: organizationStreamId(id),
      decider: organizationDecider,
      command: update,
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
    });
    if (level !== undefined) {
      const set = await deps.handle({
        streamId: organizationStreamId(id),
        decider: organizationDecider,
        command: {
          type: 'SetOrganizationAccessLevel',
          data: { id, accessLevel: level.data?.id ?? null },
          metadata: request.metadata,
        },
      });
      if (set.events.length) result = { ...set, events: [...result.events, ...set.events] };
    }
    if (slug !== undefined && slug !== current.slug) {
      await releasePath(claimDeps, current.slug, owner(id), request.metadata, { scope: SLUG_SCOPE });
    }
    sendCommandResult(res, { type: TYPE, id, result });
  });

  /** Members join (POST) or leave (DELETE): the membership lives on each user's stream. */
  for (const method of ['post', 'delete'] as const) {
    router[method](`/${TYPE}/:id/relationships/users`, async (req, res) => {
      if (!options.features.userOrganizations) throw new NotFoundError('No route for this call');
      const id = organizationIdOf(req);
      const request = deps.commandRequest(req, res);
      requireAccountsAdmin(res);
      const doc = parseDocument(UsersDocument, req.body);
      if ((await loadOrganization(deps.eventStore, id)).status !== 'active') {
        throw new NotFoundError(`organization ${id} not found`);
      }
      // every user must exist before anyone joins: a list is applied whole or refused
      for (const [index, user] of doc.data.entries()) {
        if ((await loadUser(deps.eventStore, user.id)).state.status !== 'active') {
          throw ValidationError.at(`/data/${index}/id`, `user ${user.id} not found`);
        }
      }
      let last = null;
      for (const user of doc.data) {
        const type = method === 'post' ? 'JoinOrganization' : 'LeaveOrganization';
        last = await deps.handle({
          streamId: userStreamId(user.id),
          decider: userDecider,
          command: { type, data: { id: user.id, organizationId: id }, metadata: request.metadata },
        });
      }
      sendCommandResult(res, { type: TYPE, id, result: last! });
    });
  }

  return router;
}
