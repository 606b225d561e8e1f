import type { TransactionSql } from 'postgres';
import { ACCESS_LEVEL_WEIGHTS, type AccessLevel } from '@platform/contracts/enums';
import type { OrganizationEvent, OrganizationFields } from '@platform/contracts/organizations/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `organizations`: one row per organization, with access_level_weight denormalised for SQL filters. Slugs are
 * unique on the command side (slug claims); here they are only indexed, so the read model never refuses an
 * event the log holds. Members come from the accounts projection (user_organizations).
 */
export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 1,
  eventTypes: [
    'OrganizationCreated',
    'OrganizationUpdated',
    'OrganizationSlugChanged',
    'OrganizationAccessLevelSet',
  ],
  tables: ['organizations'],
  async setup(tx) {
    await tx.unsafe(`
      create table organizations (
        id uuid primary key,
        slug text not null,
        name text not null,
        unit_name text null,
        short_description text null,
        description text null,
        contact_email text null,
        contact_phone text null,
        contact_address text null,
        external_url text null,
        country text null,
        longitude double precision null,
        latitude double precision null,
        admin_only_note text null,
        access_level text null,
        access_level_weight int null,
        created_by text null,
        updated_by text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version bigint not null
      );
      create index organizations_slug on organizations (slug);
      create index organizations_name on organizations (lower(name));
    `);
  },
  async apply(tx, recorded) {
    await applyOrganizationEvent(tx, recorded as RecordedEvent & OrganizationEvent);
  },
};

function fieldColumns(f: OrganizationFields) {
  return {
    name: f.name,
    unit_name: f.unitName,
    short_description: f.shortDescription,
    description: f.description,
    contact_email: f.contactEmail,
    contact_phone: f.contactPhone,
    contact_address: f.contactAddress,
    external_url: f.externalUrl,
    country: f.country,
    longitude: f.longitude,
    latitude: f.latitude,
    admin_only_note: f.adminOnlyNote,
  };
}

const levelColumns = (level: AccessLevel | null) => ({
  access_level: level,
  access_level_weight: level === null ? null : ACCESS_LEVEL_WEIGHTS[level],
});

async function applyOrganizationEvent(tx: TransactionSql, event: RecordedEvent & OrganizationEvent) {
  const at = event.metadata.recordedAt;
  const by = event.metadata.actor.userId;
  const stamp = { updated_by: by, updated_at: at, version: event.streamVersion.toString() };
  switch (event.type) {
    case 'OrganizationCreated': {
      const { id, slug, accessLevel, ...fields } = event.data;
      const row = {
        id,
        slug,
        ...fieldColumns(fields),
        ...levelColumns(accessLevel),
        created_by: by,
        created_at: at,
        ...stamp,
      };
      await tx`insert into organizations ${tx(row)} on conflict (id) do nothing`;
      return;
    }
    case 'OrganizationUpdated': {
      const { id, ...fields } = event.data;
      await tx`update organizations set ${tx({ ...fieldColumns(fields), ...stamp })} where id = ${id}`;
      return;
    }
    case 'OrganizationSlugChanged':
      await tx`update organizations set ${tx({ slug: event.data.slug, ...stamp })} where id = ${event.data.id}`;
      return;
    case 'OrganizationAccessLevelSet':
      await tx`update organizations set ${tx({ ...levelColumns(event.data.accessLevel), ...stamp })}
                where id = ${event.data.id}`;
      return;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
