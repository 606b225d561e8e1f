import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { ResourceState } from '@platform/contracts/resources/state';
import { softwareEndpoints } from '@platform/contracts/software/endpoints';
import {
  authorizationInForce,
  SOFTWARE_ASSOCIATORS,
  SOFTWARE_PAIR_CLAIMS,
  SOFTWARE_PLACE_CLAIMS,
  SOFTWARE_SESSION_EVENT,
  softwareInstallationResource,
  softwareServiceAssociationResource,
  softwareServiceAuthorizationResource,
  softwareServiceResource,
  softwareStatResource,
  statsEventResource,
} from '@platform/contracts/software/records';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { loadUser } from '../accounts/store.ts';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import {
  claimUniqueValue,
  releaseUniqueValue,
  type UniqueValueScope,
  type ValueHolder,
} from '../claims/unique-values.ts';
import { deriveId } from '../handler.ts';
import { resourceDecider } from '../resources/decide.ts';
import { createRecord, recordByUniqueValue, recordState } from '../resources/record-writes.ts';

/** How far ahead of the platform's clock a device's clock may date an event (a day: time zones, drift). */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** One of an authorization's `associationsMax` places: `<authorization>:<n>`. */
const SLOT_SCOPE: UniqueValueScope = {
  category: SOFTWARE_PLACE_CLAIMS,
  normalise: (value) => value,
  conflictCode: 'conflict.associations_full',
  noun: 'association place',
};

/** An installation associated once with one authorization: `<authorization>:<installation>`. */
const PAIR_SCOPE: UniqueValueScope = {
  category: SOFTWARE_PAIR_CLAIMS,
  normalise: (value) => value,
  conflictCode: 'conflict.already_associated',
  noun: 'association',
};

/**
 * The software's calls and the member's association (ADR 0061):
 *
 * - POST /services/software/stats: an installation reports an event. The event must be declared (stats-events,
 *   422 otherwise); the installation is made on its first report (its id claimed: two first reports at once make
 *   one), and its system kept as it last reported it; a session is kept only when the back office counts the
 *   installation's sessions, and nothing is kept for an installation put aside. 201 with the stat, or 200 with
 *   `data: null` when nothing was kept.
 * - POST /services/software/associations: a signed-in member associates an installation, by the id its software
 *   shows, with an authorization granted to their verified e-mail address, while it is in force and has a place
 *   left. The places are guarded by claims, one stream per place of the authorization, never counted then written:
 *   two members' devices racing for the last place cannot both have it. An installation takes one place per
 *   authorization (409 conflict.already_associated). Removing an association (the layer's delete) frees both at
 *   once (its reactor); a claim whose association never came (a crash) is taken over as the layer's are.
 */
export function softwareCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();

  mountEndpoint(router, softwareEndpoints.report, async (req, res, call) => {
    const a = call.body().data.attributes;
    const { metadata, idempotencyKey: key } = deps.commandRequest(req, res);
    const now = metadata.now;
    if (a.recordedAt !== null && Date.parse(a.recordedAt) > now.getTime() + FUTURE_TOLERANCE_MS)
      throw ValidationError.at('/data/attributes/recordedAt', 'This date is in the future');

    const event = await recordByUniqueValue(deps, statsEventResource, 'name', a.event);
    if (!event) throw ValidationError.at('/data/attributes/event', `No event named "${a.event}" is declared`);

    const {
      id: installationId,
      state: installation,
      position: madeAt,
    } = await installationOf(deps, a, {
      metadata,
      ...(key ? { key } : {}),
    });
    let position = madeAt;
    const answer = (kept: string | null) =>
      res.status(kept ? 201 : 200).json({
        data: kept ? { type: softwareStatResource.type, id: kept } : null,
        meta: { position: String(position), installation: installationId, kept: kept !== null },
      });

    // an installation the back office put aside is told it was heard, and nothing of it is kept
    if (installation.status !== 'active') return answer(null);
    if (a.system !== null && a.system !== installation.attributes.system) {
      const updated = await deps.handle({
        streamId: softwareInstallationResource.streamId(installationId),
        decider: resourceDecider(softwareInstallationResource, installationId),
        command: {
          type: 'UpdateResource',
          data: { id: installationId, attributes: { system: a.system }, relationships: {} },
          metadata,
        },
        ...(key ? { idempotencyKey: `${key}:system` } : {}),
      });
      if (updated.position > position) position = updated.position;
    }
    if (a.event === SOFTWARE_SESSION_EVENT && installation.attributes.enableSessionsStats !== true)
      return answer(null);

    const statId = key ? deriveId(key, softwareStatResource.type) : randomUUID();
    const stat = await deps.handle({
      streamId: softwareStatResource.streamId(statId),
      decider: resourceDecider(softwareStatResource, statId),
      command: {
        type: 'CreateResource',
        data: {
          id: statId,
          attributes: softwareStatResource.attributes.parse({
            version: a.version,
            fromVersion: a.fromVersion || null,
            recordedAt: new Date(a.recordedAt ?? now).toISOString(),
            system: a.system,
          }),
          relationships: { event: event.id, installation: installationId },
        },
        metadata,
      },
      freshStream: true,
      ...(key ? { idempotencyKey: `${key}:stat` } : {}),
    });
    if (stat.position > position) position = stat.position;
    return answer(statId);
  });

  mountEndpoint(router, softwareEndpoints.associate, async (req, res, call) => {
    requireAllowed(res, SOFTWARE_ASSOCIATORS, 'software-service-association: associate');
    const viewer = viewerOf(res);
    const doc = call.body().data;
    const authorizationId = doc.relationships.authorization.data.id;
    const { metadata, idempotencyKey: key } = deps.commandRequest(req, res);
    const notFound = new NotFoundError(`software-service-authorization ${authorizationId} not found`);

    // the authorization is the member's when it names their account's verified address; anyone else's is not
    // found, as it is not listed to them
    if (!softwareServiceAuthorizationResource.idSchema.safeParse(authorizationId).success) throw notFound;
    const { state: user } = await loadUser(deps.eventStore, viewer.userId!);
    const authorization = await recordState(deps, softwareServiceAuthorizationResource, authorizationId);
    if (
      user.status !== 'active' ||
      !user.emailVerified ||
      authorization.status !== 'active' ||
      authorization.attributes.email !== user.email
    )
      throw notFound;
    const serviceId = authorization.relationships.service as string;
    const service = await recordState(deps, softwareServiceResource, serviceId);
    if (
      service.status !== 'active' ||
      authorizationInForce(authorization.attributes, metadata.now) !== 'inForce'
    )
      throw new ConflictError('conflict.authorization_not_in_force', 'This authorization is not in force');

    const installation = await recordByUniqueValue(
      deps,
      softwareInstallationResource,
      'installationId',
      doc.attributes.installationId,
    );
    if (!installation)
      throw ValidationError.at(
        '/data/attributes/installationId',
        'No installation has this id: check the id the software shows',
      );

    const id = key ? deriveId(key, softwareServiceAssociationResource.type) : randomUUID();
    const holder: ValueHolder = { type: softwareServiceAssociationResource.type, id };
    const stillHolds = holdsClaim(deps, authorizationId);
    const claimOptions = (name: string) => ({
      stillHolds,
      ...(key ? { idempotencyKey: `${key}:${name}` } : {}),
    });
    const pair = `${authorizationId}:${installation.id}`;
    await claimUniqueValue(deps, PAIR_SCOPE, pair, holder, metadata, {
      ...claimOptions('pair'),
      pointer: '/data/attributes/installationId',
    });
    const max = Number(service.attributes.associationsMax ?? 1);
    let slot: string | null = null;
    let taken = 0;
    for (let place = 1; place <= max && slot === null; place++) {
      try {
        await claimUniqueValue(deps, SLOT_SCOPE, `${authorizationId}:${place}`, holder, metadata, {
          ...claimOptions(`slot${place}`),
        });
        slot = `${authorizationId}:${place}`;
        taken = place;
      } catch (error) {
        if (!(error instanceof ConflictError && error.code === SLOT_SCOPE.conflictCode)) throw error;
      }
    }
    const release = async (values: Array<[UniqueValueScope, string]>) => {
      for (const [scope, value] of values) await releaseUniqueValue(deps, scope, value, holder, metadata);
    };
    if (slot === null) {
      await release([[PAIR_SCOPE, pair]]);
      throw new ConflictError(
        'conflict.associations_full',
        `This authorization takes ${max} installation${max === 1 ? '' : 's'}, all associated`,
      );
    }

    const result = await deps
      .handle({
        streamId: softwareServiceAssociationResource.streamId(id),
        decider: resourceDecider(softwareServiceAssociationResource, id),
        command: {
          type: 'CreateResource',
          data: {
            id,
            attributes: softwareServiceAssociationResource.attributes.parse({
              name: doc.attributes.name,
              place: taken,
            }),
            relationships: {
              authorization: authorizationId,
              installation: installation.id,
              user: viewer.userId,
            },
          },
          metadata,
        },
        ...(key ? { idempotencyKey: `${key}:record` } : {}),
      })
      .catch(async (error: unknown) => {
        await release([
          [SLOT_SCOPE, slot],
          [PAIR_SCOPE, pair],
        ]);
        throw error;
      });
    res.status(201).json({
      data: { type: softwareServiceAssociationResource.type, id },
      meta: { position: String(result.position) },
    });
  });

  return router;
}

/**
 * Whether an association holding a place (or a pair) of the authorization still holds it: a live association of
 * that authorization. A removed one (or one whose event never came, a crash) frees its place.
 */
function holdsClaim(deps: CommandModuleDeps, authorizationId: string) {
  return async (holder: ValueHolder) => {
    if (holder.type !== softwareServiceAssociationResource.type) return true;
    const state = await recordState(deps, softwareServiceAssociationResource, holder.id);
    return state.status === 'active' && state.relationships.authorization === authorizationId;
  };
}

/**
 * The reporting installation's record: found by the id its software shows, or made on its first report. A new
 * installation's record id is drawn from the id it reports, so first reports racing all make the same record: the
 * claim of its id lets one through, its stream's expected version the same one, and the others read it then. One
 * deleted for good (its stream closed) is made again under an id of its own.
 */
async function installationOf(
  deps: CommandModuleDeps,
  report: { installationId: string; deviceId: string; system: string | null },
  options: { metadata: CommandRequest['metadata']; key?: string },
): Promise<{ id: string; state: ResourceState; position: bigint }> {
  const found = await installationByReportedId(deps, report.installationId);
  if (found) return { ...found, position: 0n };
  const drawn = deriveId('software-installation', report.installationId);
  const make = async (id: string) => {
    const made = await createRecord(deps, softwareInstallationResource, {
      id,
      attributes: {
        installationId: report.installationId,
        deviceId: report.deviceId,
        system: report.system,
      },
      metadata: options.metadata,
      keepClaimsOnRefusal: id === drawn,
      ...(options.key ? { idempotencyKey: `${options.key}:installation:${id}` } : {}),
    });
    return { id, state: await recordState(deps, softwareInstallationResource, id), position: made.position };
  };
  try {
    return await make(drawn);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const state = await recordState(deps, softwareInstallationResource, drawn);
    if (state.status === 'active' || state.status === 'softDeleted')
      return { id: drawn, state, position: 0n };
    if (state.status === 'deleted') return make(randomUUID());
    throw error;
  }
}

/** The installation (live or put aside) that holds a reported id. */
async function installationByReportedId(
  deps: CommandModuleDeps,
  installationId: string,
): Promise<{ id: string; state: ResourceState } | null> {
  return recordByUniqueValue(deps, softwareInstallationResource, 'installationId', installationId, {
    softDeleted: true,
  });
}
