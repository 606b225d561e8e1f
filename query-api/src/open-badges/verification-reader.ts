import { buffer } from 'node:stream/consumers';
import type { DatabasePool } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { fileContentPath } from '@platform/contracts/files/file';
import { openBadgeAssertionResource } from '@platform/contracts/open-badges/assertion';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { openBadgesVerificationUrls } from '@platform/contracts/open-badges/verification-paths';
import { organizationResource } from '@platform/contracts/organizations/organization';
import type { BlobStore } from '@platform/infra/files/storage';
import { resourceTable } from '@platform/infra/resources/table';
import type { VerificationReader } from './verification-routes.ts';

/** The read model the status-index projection keeps (projectors/src/open-badges/status-index.ts). */
const STATUS_ENTRIES = sql.identifier(['read', 'open_badge_status_entries']);

const tableOf = (definition: Parameters<typeof resourceTable>[0]) => {
  const table = resourceTable(definition);
  /** a column of the table under its alias in a query */
  const column = (alias: string) => (name: string) => {
    const found = [...table.attributes, ...table.relationships].find((c) => c.name === name);
    if (!found) throw new Error(`${definition.type} has no column for ${name}`);
    return sql.identifier([alias, found.column]);
  };
  return { name: sql.identifier(['read', table.table]), column, projection: table.projection };
};
const assertions = tableOf(openBadgeAssertionResource);
const badges = tableOf(openBadgeResource);
const organizations = tableOf(organizationResource);

/** The projections the verification documents read (for minPosition). */
export const VERIFICATION_PROJECTIONS = [
  assertions.projection,
  badges.projection,
  organizations.projection,
  'open_badge_status_entries',
] as const;

const uuid = z.string().uuid();
const instant = z.union([z.number(), z.date(), z.string()]).transform((v) => new Date(v).toISOString());

const AssertionRow = z.object({
  id: z.string(),
  badge_id: z.string(),
  issuer_id: z.string(),
  recipient_email: z.string(),
  recipient_salt: z.string().nullable(),
  issued_at: instant,
  expires_at: instant.nullable(),
  revoked_at: instant.nullable(),
  revocation_reason: z.string().nullable(),
  evidence: z.string().nullable(),
  list_id: z.number().nullable(),
  list_index: z.number().nullable(),
});

const BadgeRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  version: z.string().nullable(),
  modules: z.array(z.object({ position: z.number(), title: z.string() }).passthrough()).nullable(),
  organization_id: z.string().nullable(),
  criteria_id: z.string().nullable(),
  criteria_hash: z.string().nullable(),
  criteria_extension: z.string().nullable(),
});

const OrganizationRow = z.object({ id: z.string(), name: z.string(), external_url: z.string().nullable() });

/** An organization's site as the Issuer Profile's `url`: an http(s) address, else null. */
function siteOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface VerificationReaderOptions {
  readPool: DatabasePool;
  /** where the badge images' bytes are (ADR 0027) */
  store: BlobStore;
  /** the site's public address (PUBLIC_URL) */
  publicUrl: string;
  /** the platform's time: a badge is published once its publishedAt is past */
  clock: () => Date;
}

/**
 * The verification documents' reads (the `VerificationReader` port) over the read models: the assertions'
 * resource table (with each assertion's stored recipient salt), its place in the status lists
 * (`read.open_badge_status_entries`), the published badges, their organizations, and the badge image's bytes from
 * the blob store. A badge's `imageUrl` is the verification route that serves its image as a PNG (its own image or
 * the platform's default), so a verifier reads it on the same origin whatever the file's own visibility.
 */
export function verificationReader(options: VerificationReaderOptions): VerificationReader {
  const { readPool, store, clock } = options;
  const urls = openBadgesVerificationUrls(options.publicUrl);
  const base = options.publicUrl.replace(/\/+$/, '');
  const a = assertions.column('a');
  const b = badges.column('b');
  const o = organizations.column('o');

  const publishedBadge = (id: string) => sql.fragment`
    b.id = ${id} and b.deleted_at is null and ${b('publishedAt')} is not null
    and ${b('publishedAt')} <= ${clock().toISOString()}::timestamptz`;

  async function organization(id: string) {
    if (!uuid.safeParse(id).success) return null;
    // an organization is an issuer once it has a badge or an assertion: others have no profile here
    const row = await readPool.maybeOne(sql.type(OrganizationRow)`
      select o.id::text, ${o('name')} as name, ${o('externalUrl')} as external_url
        from ${organizations.name} o
       where o.id = ${id} and o.deleted_at is null
         and (exists (select 1 from ${badges.name} b where ${b('organization')} = o.id)
              or exists (select 1 from ${assertions.name} a where ${a('issuer')} = o.id))`);
    if (!row) return null;
    return { id: row.id, name: row.name, url: siteOf(row.external_url) ?? `${base}/` };
  }

  return {
    async assertion(id) {
      if (!uuid.safeParse(id).success) return null;
      const row = await readPool.maybeOne(sql.type(AssertionRow)`
        select a.id::text, ${a('badge')}::text as badge_id, ${a('issuer')}::text as issuer_id,
               ${a('recipientEmail')} as recipient_email, ${a('recipientSalt')} as recipient_salt,
               ${a('issuedAt')} as issued_at, ${a('expiresAt')} as expires_at, ${a('revokedAt')} as revoked_at,
               ${a('revocationReason')} as revocation_reason, ${a('evidence')} as evidence,
               s.list_id, s.list_index
          from ${assertions.name} a
          left join ${STATUS_ENTRIES} s on s.assertion_id = a.id
         where a.id = ${id} and a.deleted_at is null`);
      if (!row) return null;
      return {
        id: row.id,
        badgeId: row.badge_id,
        issuerId: row.issuer_id,
        recipientEmail: row.recipient_email,
        recipientSalt: row.recipient_salt,
        issuedAt: row.issued_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        revocationReason: row.revocation_reason,
        evidence: row.evidence,
        status:
          row.list_id === null || row.list_index === null
            ? null
            : { listId: String(row.list_id), index: row.list_index },
      };
    },

    async badge(id) {
      if (!uuid.safeParse(id).success) return null;
      // the criteria file is linked when it is public (others answer 404 to a verifier)
      const row = await readPool.maybeOne(sql.type(BadgeRow)`
        select b.id::text, ${b('title')} as title, ${b('description')} as description,
               ${b('version')} as version, ${b('modules')} as modules,
               ${b('organization')}::text as organization_id,
               f.id::text as criteria_id, f.hash as criteria_hash, f.extension as criteria_extension
          from ${badges.name} b
          left join read.files f
            on f.id = ${b('criteriaFile')} and f.deleted_at is null and f.is_public is true
         where ${publishedBadge(id)}`);
      if (!row || row.organization_id === null) return null;
      return {
        id: row.id,
        title: row.title,
        description: row.description ?? '',
        version: row.version,
        imageUrl: urls.badgeImage(row.id),
        criteriaUrl:
          row.criteria_id && row.criteria_hash && row.criteria_extension
            ? base + fileContentPath(row.criteria_id, row.criteria_hash, row.criteria_extension)
            : null,
        modules: (row.modules ?? []).map(({ position, title }) => ({ position, title })),
        organizationId: row.organization_id,
      };
    },

    organization,

    async revokedAssertions(issuerId) {
      if ((await organization(issuerId)) === null) return null;
      const rows = await readPool.any(sql.type(
        z.object({ id: z.string(), revocation_reason: z.string().nullable() }),
      )`
        select a.id::text, ${a('revocationReason')} as revocation_reason
          from ${assertions.name} a
         where ${a('issuer')} = ${issuerId} and ${a('revokedAt')} is not null and a.deleted_at is null
         order by ${a('revokedAt')}, a.id`);
      return rows.map((r) => ({ id: r.id, revocationReason: r.revocation_reason }));
    },

    async statusList(listId) {
      if (!/^[1-9][0-9]{0,8}$/.test(listId)) return null;
      const list = await readPool.maybeOne(sql.type(
        z.object({ issued_from: instant, revoked_until: instant.nullable(), revoked: z.array(z.number()) }),
      )`
        select min(s.issued_at) as issued_from,
               max(${a('revokedAt')}) as revoked_until,
               coalesce(array_agg(s.list_index order by s.list_index)
                          filter (where ${a('revokedAt')} is not null), '{}') as revoked
          from ${STATUS_ENTRIES} s
          left join ${assertions.name} a on a.id = s.assertion_id
         where s.list_id = ${Number(listId)}
        having count(*) > 0`);
      if (!list) return null;
      return { revokedIndexes: list.revoked, validFrom: list.revoked_until ?? list.issued_from };
    },

    async badgeImage(badgeId) {
      if (!uuid.safeParse(badgeId).success) return null;
      const hash = await readPool.maybeOneFirst(sql.type(z.object({ hash: z.string() }))`
        select f.hash from ${badges.name} b
          join read.files f on f.id = ${b('image')} and f.deleted_at is null
         where b.id = ${badgeId} and b.deleted_at is null`);
      if (!hash || (await store.size(hash)) === null) return null;
      return buffer(store.read(hash));
    },
  };
}
