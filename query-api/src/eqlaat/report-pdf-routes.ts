import express, { type Router } from 'express';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { eqlaatEndpoints } from '@platform/contracts/eqlaat/endpoints';
import { eqlaatReportResource } from '@platform/contracts/eqlaat/records';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { polymorphicTypes, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { sql } from '../db.ts';
import { isoOfValue } from '../jsonapi/sql.ts';
import { resourceReader } from '../resources/routes.ts';
import { ruleColumns, ruleSql } from '../resources/visibility.ts';
import { eqlaatReportPdf, reportDisposition } from './report-pdf.ts';

/** At most this many attached files are named in a report's document. */
const MAX_FILES_NAMED = 200;

const ReportRow = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  reportable_type: z.string().nullable(),
  reportable_id: z.string().nullable(),
  created_at: z.unknown(),
  updated_at: z.unknown(),
  deleted_at: z.unknown(),
  may_update: z.boolean(),
});

const columnOf = resourceColumn;

/**
 * GET /api/v1/services/eqlaat-reports/{id}/show/pdf (seed 000 §7): the report as a PDF download, made when asked.
 * Read as `GET /api/v1/eqlaat-reports/{id}` reads it, with the layer's own reader: the report's `show` rule first
 * (a visitor 401, a member outside the team 403), then the row in SQL under the same visibility (a missing,
 * malformed or, but for those who may restore it, soft-deleted report 404). What it is on is read under the
 * viewer's own access to that record; its secured files are named to those who may have them (who may update it).
 * Served only with the catalogue's reports (the feature on).
 */
export function eqlaatReportPdfRoutes(
  catalogue: readonly ResourceDefinition[],
  options: { appName: string; defaultLocale: Locale },
): QueryModule {
  const definition = catalogue.find((d) => d.type === eqlaatReportResource.type) ?? eqlaatReportResource;
  const report = resourceReader(definition, options.defaultLocale, catalogue);
  const shape = report.shape;
  const reportable = shape.relationships.find((r) => r.name === 'reportable');
  const reportableSpec = definition.relationships.reportable;
  if (!reportable?.typeColumn || !reportableSpec)
    throw new Error('an eqlaat report names what it is on (reportable)');
  const typeColumn = reportable.typeColumn;
  // the records a report may be on, each read with its own reader (its rule, soft deletion) and its title
  const targets = new Map(
    polymorphicTypes(reportableSpec, catalogue).flatMap((type) => {
      const target = catalogue.find((d) => d.type === type);
      if (!target?.title) return [];
      return [
        [
          type,
          {
            definition: target,
            reader: resourceReader(target, options.defaultLocale, catalogue),
            title: columnOf(target, target.title),
          },
        ] as const,
      ];
    }),
  );
  const secured = catalogue.some((d) => d.type === securedFileResource.type)
    ? resourceTable(securedFileResource)
    : null;
  const securedModel = secured?.relationships.find((r) => r.name === 'model');
  const projections = [
    shape.projection,
    ...[...targets.values()].map((t) => t.reader.projection),
    ...(secured ? [secured.projection] : []),
  ];

  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter(projections);

    mountEndpoint(router, eqlaatEndpoints.reportPdf, reads, async (_req, res, { params }) => {
      // one access rule per action: the report's `show`, asked as its find asks it (401, then 403)
      requireAllowed(res, definition.access.show, `${definition.singular}: show`);
      const viewer = viewerOf(res);
      const id = params.id;
      const notFound = new NotFoundError(`${definition.singular} ${id} not found`);
      if (!definition.idSchema.safeParse(id).success) throw notFound;
      const mayUpdate = ruleSql(definition.access.update, viewer, ruleColumns(definition, shape));
      const row = await deps.readPool.maybeOne(sql.type(ReportRow)`
        select r.id::text as id,
               ${sql.identifier(['r', columnOf(definition, 'title')])} as title,
               ${sql.identifier(['r', columnOf(definition, 'content')])} as content,
               ${sql.identifier(['r', typeColumn])}::text as reportable_type,
               ${sql.identifier(['r', reportable.column])}::text as reportable_id,
               r.created_at, r.updated_at, r.deleted_at, ${mayUpdate} as may_update
          from ${report.table} r
         where r.id = ${id} and ${report.visible(viewer, 'show', { trashed: 'any' })}`);
      if (!row) throw notFound;

      // what it is on, under the viewer's own access to it: its title, or "not available"
      const target = row.reportable_type ? targets.get(row.reportable_type) : undefined;
      let reportableTitle: string | null = null;
      if (target && row.reportable_id && target.definition.idSchema.safeParse(row.reportable_id).success)
        reportableTitle = await deps.readPool.maybeOneFirst(sql.type(z.object({ title: z.string() }))`
          select ${sql.identifier(['r', target.title])}::text as title from ${target.reader.table} r
           where r.id = ${row.reportable_id}
             and ${target.reader.visible(viewer, 'show', { trashed: 'any' })}`);

      // its secured files, named to those who may have them (query-api/src/files/routes.ts serves them so)
      const files =
        secured && securedModel?.typeColumn && row.may_update
          ? await deps.readPool.anyFirst(sql.type(z.object({ name: z.string() }))`
              select ${sql.identifier(['s', columnOf(securedFileResource, 'name')])} as name
                from ${sql.identifier(['read', secured.table])} s
               where ${sql.identifier(['s', securedModel.typeColumn])} = ${definition.type}
                 and ${sql.identifier(['s', securedModel.column])}::text = ${row.id}
                 and s.deleted_at is null
               order by s.created_at, s.id
               limit ${MAX_FILES_NAMED}`)
          : [];

      const bytes = await eqlaatReportPdf({
        appName: options.appName,
        reportId: row.id,
        title: row.title,
        reportable: row.reportable_type ? { type: row.reportable_type, title: reportableTitle } : null,
        createdAt: isoOfValue(row.created_at) ?? deps.clock().toISOString(),
        updatedAt: isoOfValue(row.updated_at) ?? isoOfValue(row.created_at) ?? deps.clock().toISOString(),
        deletedAt: isoOfValue(row.deleted_at),
        content: row.content ?? '',
        files,
        issuedAt: deps.clock().toISOString(),
      });
      res
        .status(200)
        .type('application/pdf')
        .set('Content-Disposition', reportDisposition(row.title, row.id))
        .set('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes));
    });
    return router;
  };
}
