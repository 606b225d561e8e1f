import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../accounts/rules.ts';
import { both, either } from '../resources/access.ts';
import { defineResource, type ResourceCreatedData } from '../resources/definition.ts';
import { file } from '../resources/files.ts';
import {
  OrganizationAccessLevelSet,
  OrganizationCreated,
  OrganizationFieldsSchema,
  OrganizationSlugChanged,
  OrganizationUpdated,
  SlugSchema,
  slugify,
} from './events.ts';

const fields = OrganizationFieldsSchema.shape;

/**
 * An organization (seed 001 §3) on the resource layer: its admin screens, history and "as it was" come from the
 * layer; GET /organizations/{slug} finds it as /organizations/{id} does (seed 001 §2).
 *
 * - The slug is unique (claimed in the slugs organizations always claimed) and derived from the name when a
 *   create names none; a name that makes no slug asks for one (422 on the slug).
 * - Its members (`users`) are written by the membership workflow on the users' streams (POST/DELETE
 *   /organizations/{id}/relationships/users), never by the organization's own events: a read-only relationship
 *   read from the accounts projection's join table. Administrators and the members read it.
 * - Administrators create organizations and edit any; an organization_admin edits the organizations they belong
 *   to, but neither the access level, the admin tags nor the admin-only note. Nobody deletes one (no deletion in
 *   the seeds' workflows yet). Everybody reads them (the map, the table, the public page).
 * - The organizations module stored four events of its own (OrganizationCreated with the whole record, ...):
 *   they keep reading as the layer's created / updated events; new changes are OrganizationRecord* events.
 */
export const organizationResource = defineResource({
  type: 'organizations',
  singular: 'organization',
  category: 'organization',
  // the module's own names (OrganizationCreated, OrganizationUpdated) are taken by flat payloads
  eventPrefix: 'OrganizationRecord',
  module: 'organizations',
  menu: { group: 'accounts', icon: 'corporate_fare', feature: 'organizations' },
  attributes: z.object({
    name: fields.name,
    unitName: fields.unitName.default(null),
    slug: SlugSchema.optional(),
    shortDescription: fields.shortDescription.default(null),
    description: fields.description.default(null),
    contactEmail: fields.contactEmail.default(null),
    contactPhone: fields.contactPhone.default(null),
    contactAddress: fields.contactAddress.default(null),
    externalUrl: fields.externalUrl.default(null),
    country: fields.country.default(null),
    longitude: fields.longitude.default(null),
    latitude: fields.latitude.default(null),
    adminOnlyNote: fields.adminOnlyNote.default(null),
  }),
  relationships: {
    accessLevel: { type: 'access-levels' },
    // seed 001 §3: image; a file field since issue 18 (events stored before hold none: the column reads null)
    image: file({ family: 'image' }),
    adminTags: { type: 'admin-tags', many: true },
    users: {
      type: 'users',
      many: true,
      readOnly: true,
      through: {
        table: 'user_organizations',
        from: 'organization_id',
        to: 'user_id',
        projection: 'accounts',
      },
    },
  },
  // the image column came with version 2, the count of repository items with version 3
  version: 3,
  // the published repository items it shares (issue 21)
  counts: {
    repositoryItemsCount: { type: 'repository-items', via: 'organization', kind: 'count', published: true },
  },
  // its members attach documents to it (secured files)
  traits: { attachable: true },
  unique: ['slug'],
  claimScopes: { slug: 'slug' },
  lookupBy: 'slug',
  beforeChange: (next) => (next.slug ? {} : { slug: slugify(next.name) }),
  invariants: ({ slug }) =>
    SlugSchema.safeParse(slug).success
      ? []
      : [{ attribute: 'slug', detail: 'give a slug: the name makes none' }],
  fieldAccess: { adminOnlyNote: { read: ADMINISTRATORS, write: ADMINISTRATORS } },
  relationshipAccess: {
    accessLevel: { write: ADMINISTRATORS },
    adminTags: { read: ADMINISTRATORS, write: ADMINISTRATORS },
    users: { read: either(ADMINISTRATORS, { member: 'users' }) },
  },
  legacyEvents: {
    [OrganizationCreated.type]: {
      kind: 'created',
      upcast: (data): ResourceCreatedData => {
        const { id, accessLevel, ...attributes } = data as z.infer<typeof OrganizationCreated.schema>;
        return { id, attributes, relationships: { accessLevel } };
      },
    },
    [OrganizationUpdated.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const { id, ...attributes } = data as z.infer<typeof OrganizationUpdated.schema>;
        return { id, attributes, relationships: {} };
      },
    },
    [OrganizationSlugChanged.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const { id, slug } = data as z.infer<typeof OrganizationSlugChanged.schema>;
        return { id, attributes: { slug }, relationships: {} };
      },
    },
    [OrganizationAccessLevelSet.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const { id, accessLevel } = data as z.infer<typeof OrganizationAccessLevelSet.schema>;
        return { id, attributes: {}, relationships: { accessLevel } };
      },
    },
  },
  access: {
    see: ADMINISTRATORS,
    index: 'everyone',
    show: 'everyone',
    create: ADMINISTRATORS,
    update: either(ADMINISTRATORS, both({ roles: ['organization_admin'] }, { member: 'users' })),
  },
  filters: ['slug', 'country'],
  listFilters: {
    // seed 000 §7: the organizations list filters by access levels and by a position on the map
    accessLevels: { kind: 'anyOf', relationship: 'accessLevel' },
    withPosition: { kind: 'present', attributes: ['longitude', 'latitude'] },
  },
  search: ['name', 'unitName'],
  sorts: ['name', 'slug'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
  globalSearch: {
    title: 'name',
    description: 'shortDescription',
    path: { route: '/organizations/:key', key: 'slug' },
  },
});
