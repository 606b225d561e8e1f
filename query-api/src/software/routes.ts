import express, { type Router } from 'express';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import {
  softwareEndpoints,
  type InstallationServices,
  type MySoftwareAuthorizations,
} from '@platform/contracts/software/endpoints';
import {
  authorizationInForce,
  InstallationIdSchema,
  SOFTWARE_ASSOCIATORS,
  softwareInstallationResource,
  softwareServiceAssociationResource,
  softwareServiceAuthorizationResource,
  softwareServiceResource,
} from '@platform/contracts/software/records';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { resourceColumn } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { sql } from '../db.ts';
import { resourceReader } from '../resources/routes.ts';

const iso = (column: ReturnType<typeof sql.identifier>) =>
  sql.fragment`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const col = (alias: string, definition: Parameters<typeof resourceColumn>[0], name: string) =>
  sql.identifier([alias, resourceColumn(definition, name)]);

const AuthorizationRow = z.object({
  id: z.string(),
  service: z.string(),
  deliver_file: z.boolean(),
  associations_max: z.union([z.number(), z.bigint()]).transform(Number),
  dist_id: z.string().nullable(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
const AssociationRow = z.object({
  id: z.string(),
  authorization: z.string(),
  name: z.string().nullable(),
  installation_id: z.string(),
  installation_name: z.string().nullable(),
  system: z.string().nullable(),
  associated_at: z.string(),
});
const ServiceRow = z.object({
  id: z.string(),
  name: z.string(),
  deliver_file: z.boolean(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  association: z.string(),
});

/**
 * The software catalogue's reads beyond the layer's (ADR 0061), from the layer's tables:
 *
 * - GET /services/software/associations: the signed-in member's authorizations, those naming their account's
 *   verified e-mail address, with their service, state and associated installations (/account/software/associations);
 * - GET /services/software/installations/{installationId}/services: what the software on a device has been given,
 *   the services of the authorizations in force it is associated with. Its installation id is the key, as it is to
 *   report: an unknown id answers an empty list.
 */
export function softwareQueryRoutes(options: { defaultLocale: Locale }): QueryModule {
  const readers = [
    softwareInstallationResource,
    softwareServiceResource,
    softwareServiceAuthorizationResource,
    softwareServiceAssociationResource,
  ].map((definition) => resourceReader(definition, options.defaultLocale));
  const [installations, services, authorizations, associations] = readers.map((r) => r.table) as [
    (typeof readers)[number]['table'],
    (typeof readers)[number]['table'],
    (typeof readers)[number]['table'],
    (typeof readers)[number]['table'],
  ];
  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter([...readers.map((r) => r.projection), 'accounts']);

    mountEndpoint(router, softwareEndpoints.mine, reads, async (_req, res) => {
      requireAllowed(res, SOFTWARE_ASSOCIATORS, 'software associations');
      const userId = viewerOf(res).userId!;
      const a = (name: string) => col('a', softwareServiceAuthorizationResource, name);
      const rows = await deps.readPool.any(sql.type(AuthorizationRow)`
        select a.id::text as id, ${col('s', softwareServiceResource, 'name')} as service,
               ${col('s', softwareServiceResource, 'deliverFile')} as deliver_file,
               ${col('s', softwareServiceResource, 'associationsMax')} as associations_max,
               ${a('distId')} as dist_id, ${iso(a('startsAt'))} as starts_at, ${iso(a('expiresAt'))} as expires_at
          from read.users u
          join ${authorizations} a on ${a('email')} = u.email and a.deleted_at is null
          join ${services} s on s.id = ${a('service')} and s.deleted_at is null
         where u.id = ${userId} and u.email_verified_at is not null
         order by ${a('expiresAt')} desc nulls first, a.id`);
      const ids = rows.map((r) => r.id);
      const linked = ids.length
        ? await deps.readPool.any(sql.type(AssociationRow)`
            select x.id::text as id, ${col('x', softwareServiceAssociationResource, 'authorization')}::text as authorization,
                   ${col('x', softwareServiceAssociationResource, 'name')} as name,
                   ${col('i', softwareInstallationResource, 'installationId')} as installation_id,
                   ${col('i', softwareInstallationResource, 'name')} as installation_name,
                   ${col('i', softwareInstallationResource, 'system')} as system,
                   ${iso(sql.identifier(['x', 'created_at']))} as associated_at
              from ${associations} x
              join ${installations} i on i.id = ${col('x', softwareServiceAssociationResource, 'installation')}
             where ${col('x', softwareServiceAssociationResource, 'authorization')} = any(${sql.array(ids, 'uuid')})
               and x.deleted_at is null
             order by x.created_at, x.id`)
        : [];
      const now = deps.clock();
      const document: MySoftwareAuthorizations = {
        data: rows.map((row) => ({
          type: 'software-service-authorizations',
          id: row.id,
          attributes: {
            service: row.service,
            deliverFile: row.deliver_file,
            distId: row.dist_id,
            startsAt: row.starts_at,
            expiresAt: row.expires_at,
            state: authorizationInForce({ startsAt: row.starts_at, expiresAt: row.expires_at }, now),
            associationsMax: row.associations_max,
            associations: linked
              .filter((l) => l.authorization === row.id)
              .map((l) => ({
                id: l.id,
                name: l.name,
                installationId: l.installation_id,
                installationName: l.installation_name,
                system: l.system,
                associatedAt: l.associated_at,
              })),
          },
        })),
      };
      res.set('Cache-Control', 'private, no-store').json(document);
    });

    mountEndpoint(router, softwareEndpoints.installationServices, reads, async (_req, res, { params }) => {
      const reported = InstallationIdSchema.safeParse(params.installationId);
      const rows = reported.success
        ? await deps.readPool.any(sql.type(ServiceRow)`
            select s.id::text as id, ${col('s', softwareServiceResource, 'name')} as name,
                   ${col('s', softwareServiceResource, 'deliverFile')} as deliver_file,
                   ${iso(col('a', softwareServiceAuthorizationResource, 'startsAt'))} as starts_at,
                   ${iso(col('a', softwareServiceAuthorizationResource, 'expiresAt'))} as expires_at,
                   x.id::text as association
              from ${installations} i
              join ${associations} x on ${col('x', softwareServiceAssociationResource, 'installation')} = i.id
                   and x.deleted_at is null
              join ${authorizations} a on a.id = ${col('x', softwareServiceAssociationResource, 'authorization')}
                   and a.deleted_at is null
              join ${services} s on s.id = ${col('a', softwareServiceAuthorizationResource, 'service')}
                   and s.deleted_at is null
             where ${col('i', softwareInstallationResource, 'installationId')} = ${reported.data}
               and i.deleted_at is null
             order by 2, x.id`)
        : [];
      const now = deps.clock();
      const document: InstallationServices = {
        data: rows
          .filter(
            (row) =>
              authorizationInForce({ startsAt: row.starts_at, expiresAt: row.expires_at }, now) === 'inForce',
          )
          .map((row) => ({
            type: 'software-services',
            id: row.id,
            attributes: {
              name: row.name,
              deliverFile: row.deliver_file,
              expiresAt: row.expires_at,
              association: row.association,
            },
          })),
      };
      res.set('Cache-Control', 'private, no-store').json(document);
    });
    return router;
  };
}
