import type { Response } from 'express';
import type { DatabasePool } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { organizationResource } from '@platform/contracts/organizations/organization';
import type { ResourceObject } from '../jsonapi/document.ts';
import type { ResourceQuery } from '../jsonapi/query.ts';
import { Row } from '../resources/reader.ts';
import { resourceReader } from '../resources/routes.ts';
import { USER_COLUMNS, UserRow, userResource, type UserRow as UserRowType } from './documents.ts';
import { referenceItem, referenceResource } from './reference-routes.ts';

/** Lists administrators edit: their rows are read from the resources' tables, not from code. */
const RESOURCE_LISTS: Record<string, { table: string; attributes: string[] }> = {
  jobs: { table: 'jobs', attributes: ['name'] },
  'user-categories': { table: 'user_categories', attributes: ['name', 'color'] },
};
const ListRow = z.object({ id: z.string() }).catchall(z.unknown());

/** The includes of GET user 'me' (seed 000 §7). */
export const ME_INCLUDES = [
  'roles',
  'job',
  'accessLevel',
  'organizations',
  'actingAsOrganization',
  'actingAsOrganization.users',
  'newsletterFrequency',
  'rentalInvoicingStrategy',
  'userCategory',
];

const TO_ONE: Record<string, [type: string, column: keyof UserRowType]> = {
  job: ['jobs', 'job_id'],
  accessLevel: ['access-levels', 'access_level'],
  newsletterFrequency: ['newsletter-frequencies', 'newsletter_frequency_id'],
  rentalInvoicingStrategy: ['rental-invoicing-strategies', 'rental_invoicing_strategy_id'],
  userCategory: ['user-categories', 'user_category_id'],
};

/** The organizations as the resource layer shows them (the viewer's field and relationship access applied). */
export const organizationsReader = (defaultLocale: Locale) =>
  resourceReader(organizationResource, defaultLocale);

/** Included resources of 'me': reference items, the user's organizations, the acting one and its members. */
export async function meIncluded(
  pool: DatabasePool,
  row: UserRowType,
  organizationIds: string[],
  query: ResourceQuery,
  organizations: { reader: ReturnType<typeof organizationsReader>; res: Response },
): Promise<ResourceObject[]> {
  const included: ResourceObject[] = [];
  const wants = (name: string) => query.include.includes(name);
  if (wants('roles')) {
    for (const role of row.roles) {
      const item = referenceItem('roles', role);
      if (item) included.push(referenceResource('roles', item, query.fields));
    }
  }
  for (const [name, [type, column]] of Object.entries(TO_ONE)) {
    if (!wants(name)) continue;
    const list = RESOURCE_LISTS[type];
    if (list) {
      const id = row[column] as string | null;
      const found = id
        ? await pool.maybeOne(sql.type(ListRow)`
            select id, ${sql.join(
              list.attributes.map((a) => sql.identifier([a])),
              sql.fragment`, `,
            )} from ${sql.identifier(['read', list.table])} where id = ${id}`)
        : null;
      if (found) included.push(referenceResource(type, found as { id: string; name: string }, query.fields));
      continue;
    }
    const item = referenceItem(type, row[column] as string | null);
    if (item) included.push(referenceResource(type, item, query.fields));
  }
  const acting = row.acting_as_organization_id;
  const orgIds = [
    ...(wants('organizations') ? organizationIds : []),
    ...((wants('actingAsOrganization') || wants('actingAsOrganization.users')) && acting ? [acting] : []),
  ];
  if (orgIds.length === 0) return included;
  // the organizations resource's rows (members as read through user_organizations), shown as the layer shows them
  const { reader, res } = organizations;
  const orgs = await pool.any(sql.type(Row)`select r.* from ${reader.table} r
    where r.id = any(${sql.array([...new Set(orgIds)], 'uuid')})`);
  if (wants('actingAsOrganization.users') && acting) {
    const users = await pool.any(sql.type(UserRow)`select ${USER_COLUMNS} from read.users u
      join read.user_organizations uo on uo.user_id = u.id where uo.organization_id = ${acting}
      order by u.last_name, u.first_name, u.id limit 200`);
    for (const u of users) {
      included.push(userResource(u, { full: u.id === row.id, fields: query.fields }));
    }
  }
  const byId = new Map(orgs.map((o) => [String(o.id), o]));
  for (const id of [...new Set(orgIds)].reverse()) {
    const org = byId.get(id);
    if (org) included.unshift(reader.toResource(org, res, query.fields));
  }
  return included;
}
