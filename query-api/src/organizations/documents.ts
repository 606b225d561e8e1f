import { sql } from 'slonik';
import { z } from 'zod';
import { resourceObject, type ResourceObject } from '../jsonapi/document.ts';
import { timestamp } from '../jsonapi/sql.ts';

export const ORGANIZATION_TYPE = 'organizations';

export const OrganizationRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  unit_name: z.string().nullable(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_address: z.string().nullable(),
  external_url: z.string().nullable(),
  country: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  admin_only_note: z.string().nullable(),
  access_level: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.bigint(),
});
export type OrganizationRow = z.infer<typeof OrganizationRow>;

export const ORGANIZATION_COLUMNS = sql.fragment`o.id, o.slug, o.name, o.unit_name, o.short_description, o.description,
  o.contact_email, o.contact_phone, o.contact_address, o.external_url, o.country, o.longitude, o.latitude,
  o.admin_only_note, o.access_level, o.created_at, o.updated_at, o.version`;

export const ORGANIZATION_FIELDS = [
  'name',
  'unitName',
  'slug',
  'shortDescription',
  'description',
  'contactEmail',
  'contactPhone',
  'contactAddress',
  'externalUrl',
  'country',
  'longitude',
  'latitude',
  'adminOnlyNote',
  'createdAt',
  'updatedAt',
  'accessLevel',
  'users',
];

/** An organization; adminOnlyNote only for administrators, users only when the caller may see them. */
export function organizationResource(
  row: OrganizationRow,
  options: { isAdmin: boolean; userIds?: string[]; fields?: Record<string, string[]> },
): ResourceObject {
  return resourceObject(
    ORGANIZATION_TYPE,
    row.id,
    {
      name: row.name,
      unitName: row.unit_name,
      slug: row.slug,
      shortDescription: row.short_description,
      description: row.description,
      contactEmail: row.contact_email,
      contactPhone: row.contact_phone,
      contactAddress: row.contact_address,
      externalUrl: row.external_url,
      country: row.country,
      longitude: row.longitude,
      latitude: row.latitude,
      ...(options.isAdmin ? { adminOnlyNote: row.admin_only_note } : {}),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    {
      relationships: {
        accessLevel: { data: row.access_level ? { type: 'access-levels', id: row.access_level } : null },
        ...(options.userIds ? { users: { data: options.userIds.map((id) => ({ type: 'users', id })) } } : {}),
      },
      self: `/api/v1/${ORGANIZATION_TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      ...(options.fields ? { fields: options.fields } : {}),
    },
  );
}
