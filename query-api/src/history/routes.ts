import express, { type Response } from 'express';
import type { DatabasePool } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { asOf, timeline, type HistoryEvent } from '@platform/contracts/history/timeline';
import {
  handWrittenHistoryViews,
  resourceHistoryView,
  viaHistoryView,
  type HistoryView,
} from '@platform/contracts/history/views';
import { ADMINISTRATORS, APP_ADMINS, allows } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { historyEndpoints } from '@platform/contracts/resources/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import {
  evolveResource,
  recordFacts,
  resourceStartState,
  type ResourceState,
} from '@platform/contracts/resources/state';
import { readStreamOrEmpty } from '@platform/infra/event-store';
import { resourceTable } from '@platform/infra/resources/table';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { resourceObject, sendDocument } from '../jsonapi/document.ts';
import { badParameter } from '../jsonapi/query.ts';
import { seesTrashed } from '../resources/visibility.ts';

const uuid = z.string().uuid();

/** PostgreSQL's undefined_table, as the pool's error carries it (itself or its cause). */
const tableMissing = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '42P01' || e?.cause?.code === '42P01';
};
const Revision = z.string().regex(/^\d{1,18}$/);
const UserName = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

/**
 * The audit history of any record, read from its stream (ARCHITECTURE.md §1: the event log is the audit history):
 * `GET /api/v1/{type}/{id}/history` lists who (user, acting-as organization, impersonator, with the people's
 * names included), when and what changed (each field before and after), newest first;
 * `GET /api/v1/{type}/{id}/history/{revision}` shows the record as it was at that entry. For the resources of
 * the catalogue and the hand-written modules alike (pages, menu items, users).
 */
export function historyRoutes(catalogue: readonly ResourceDefinition[]): QueryModule {
  const views = new Map<
    string,
    {
      view: HistoryView<unknown>;
      allowed: (res: Response) => boolean;
      /** the view as one viewer reads it: the fields they may not read (field-level access) left out */
      forViewer?: (res: Response) => HistoryView<unknown>;
      idSchema?: z.ZodType<string>;
      /** records that exist before their stream's first event (a resource's fixed rows) */
      fixed?: ReadonlySet<string>;
      /**
       * a record whose history is on another record's stream (HistoryVia): the view of record `id`, on the stream
       * its relationship names in the read model; null when the record is not (yet) there
       */
      via?: (id: string, readPool: DatabasePool) => Promise<HistoryView<unknown> | null>;
      /** the projection `via` reads: a request's minPosition waits for it before the lookup */
      viaProjection?: string;
      /** the record's own rule (row rules, soft deletion), on its events: a history the viewer may not read is 404 */
      recordAllowed?: (res: Response, id: string, events: readonly HistoryEvent[]) => boolean;
    }
  >();
  for (const definition of catalogue)
    views.set(definition.type, {
      view: resourceHistoryView(definition) as HistoryView<unknown>,
      forViewer: (res) => {
        const view = resourceHistoryView(definition) as HistoryView<unknown>;
        const hidden = Object.entries(definition.fieldAccess)
          .filter(([, rule]) => !allows(rule.read, viewerOf(res)))
          .map(([name]) => name);
        if (!hidden.length) return view;
        return {
          ...view,
          fields: (state, id) => {
            const fields = view.fields(state, id);
            if (fields) for (const name of hidden) delete fields[name];
            return fields;
          },
        };
      },
      idSchema: definition.idSchema,
      fixed: new Set(definition.fixedRows.rows.map((r) => r.id)),
      allowed: (res) =>
        allows(definition.access.see, viewerOf(res)) && allows(definition.access.show, viewerOf(res)),
      recordAllowed: (res, id, events) => {
        // the record as it last lived: who may show it (its owner, author, members), and whether it is trashed
        let state = resourceStartState(definition, id);
        let live: Extract<ResourceState, { createdBy: string | null }> | null = null;
        for (const event of events) {
          state = evolveResource(definition, state, event);
          if (state.status === 'active' || state.status === 'softDeleted') live = state;
        }
        if (!live) return true;
        const viewer = viewerOf(res);
        if (!allows(definition.access.show, viewer, recordFacts(definition, live))) return false;
        return state.status !== 'softDeleted' || seesTrashed(definition, viewer);
      },
    });
  const byType = new Map(catalogue.map((d) => [d.type, d]));
  for (const definition of catalogue) {
    const via = definition.historyVia;
    const known = views.get(definition.type);
    if (!via || !known) continue;
    const spec = definition.relationships[via.relationship]!;
    const column = resourceTable(definition).relationships.find((r) => r.name === via.relationship)!;
    known.viaProjection = resourceTable(definition).projection;
    known.via = async (id, readPool) => {
      const columns = column.typeColumn
        ? sql.fragment`${sql.identifier([column.typeColumn])}::text as type, ${sql.identifier([column.column])}::text as id`
        : sql.fragment`${spec.type}::text as type, ${sql.identifier([column.column])}::text as id`;
      // the record's projection not set up yet: the record is not there either
      const row = await readPool
        .maybeOne(
          sql.type(z.object({ type: z.string().nullable(), id: z.string().nullable() }))`
          select ${columns} from ${sql.identifier(['read', resourceTable(definition).table])} where id = ${id}`,
        )
        .catch((error: unknown) => {
          if (tableMissing(error)) return null;
          throw error;
        });
      const owner = row?.type ? byType.get(row.type) : undefined;
      if (!row?.id || !owner) return null;
      return viaHistoryView(definition, owner, owner.streamId(row.id), id) as HistoryView<unknown>;
    };
  }
  for (const view of handWrittenHistoryViews)
    views.set(view.type, {
      view,
      allowed: (res) => allows(view.audience === 'admins' ? ADMINISTRATORS : APP_ADMINS, viewerOf(res)),
    });

  return (deps) => {
    const router = express.Router();

    const load = async (type: string, id: string, res: Response) => {
      const known = views.get(type);
      if (!known) return null;
      const viewer = viewerOf(res);
      if (!known.allowed(res)) {
        if (viewer.userId === null) throw new UnauthenticatedError();
        throw new ForbiddenError(`The history of ${type} is for administrators`);
      }
      const notFound = new NotFoundError(`${type} ${id} not found`);
      if (!(known.idSchema ?? uuid).safeParse(id).success) throw notFound;
      const via = known.via ? await known.via(id, deps.readPool) : undefined;
      if (via === null) throw notFound;
      const read = await readStreamOrEmpty(deps.eventStore, (via ?? known.view).streamId(id));
      // on another record's stream, the events that are this record's only
      const stored = via?.belongs ? read.filter((e) => via.belongs!(e, id)) : read;
      // a fixed row nobody changed exists, with nothing in its history yet
      if (!stored.length && !known.fixed?.has(id)) throw notFound;
      const events: HistoryEvent[] = stored.map((e) => ({
        type: e.type,
        data: e.data,
        streamVersion: e.streamVersion,
        globalPosition: e.globalPosition,
        metadata: { actor: e.metadata.actor, recordedAt: e.metadata.recordedAt },
      }));
      if (known.recordAllowed && !known.recordAllowed(res, id, events)) throw notFound;
      const view = via ?? (known.forViewer ? known.forViewer(res) : known.view);
      const entries = timeline(view, id, events);
      if (!entries.length && !known.fixed?.has(id)) throw notFound;
      return { view, events, entries };
    };

    // the history itself is read from the event store, always whole; a record read through another record's
    // stream is first looked up in its read model, so a minPosition read waits for that projection
    const viaReads = new Map(
      [...views].flatMap(([type, known]) =>
        known.viaProjection ? [[type, deps.readAfter([known.viaProjection])] as const] : [],
      ),
    );
    router.use('/:type/:id/history', (req, res, next) => {
      const wait = viaReads.get(String(req.params.type));
      if (!wait) return next();
      return wait(req, res, next);
    });

    mountEndpoint(router, historyEndpoints.history, async (req, res, { params, next }) => {
      const id = params.id;
      const found = await load(params.type, id, res);
      if (!found) return next();
      const entries = [...found.entries].reverse();
      const people = [
        ...new Set(
          entries.flatMap((e) => [e.actor.userId, e.actor.impersonatorId].filter((v): v is string => !!v)),
        ),
      ].filter((p) => uuid.safeParse(p).success);
      const users = people.length
        ? await deps.readPool.any(sql.type(UserName)`
            select id::text, first_name, last_name from read.users where id = any(${sql.array(people, 'uuid')})`)
        : [];
      sendDocument(res, {
        data: entries.map((entry) => ({
          type: 'history-entries',
          id: `${id}:${entry.revision}`,
          attributes: entry,
        })),
        included: users.map((u) =>
          resourceObject('users', u.id, { fullName: `${u.first_name} ${u.last_name}`.trim() }),
        ),
        meta: { total: entries.length },
        links: { self: req.originalUrl },
      });
    });

    mountEndpoint(router, historyEndpoints.revision, async (req, res, { params, next }) => {
      const id = params.id;
      const found = await load(params.type, id, res);
      if (!found) return next();
      const revision = Revision.safeParse(req.params.revision);
      if (!revision.success) throw badParameter('revision', 'The revision must be a non-negative integer');
      const at = BigInt(revision.data);
      const entry = found.entries.find((e) => e.revision === at.toString());
      if (!entry) throw new NotFoundError(`${String(req.params.type)} ${id} has no history entry ${at}`);
      const fields = asOf(found.view, id, found.events, at);
      sendDocument(res, {
        data: {
          type: String(req.params.type),
          id,
          attributes: fields ?? {},
          meta: {
            revision: entry.revision,
            exists: fields !== null,
            recordedAt: entry.recordedAt,
            position: entry.position,
          },
        },
        links: { self: req.originalUrl },
      });
    });

    return router;
  };
}
