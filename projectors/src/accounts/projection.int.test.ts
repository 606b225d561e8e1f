import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '@platform/contracts/accounts/events';
import type { OrganizationEvent } from '@platform/contracts/organizations/events';
import { createSql } from '@platform/infra/db/postgres';
import type { RecordedEvent } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { resourceProjection } from '../resources/projection.ts';
import type { Projection } from '../projection.ts';
import { accountsProjection } from './projection.ts';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 2 });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

const t = (minute: number) => `2025-05-14T10:${String(minute).padStart(2, '0')}:00.000Z`;
type Any = UserEvent | OrganizationEvent;

function recorded(events: Any[]): RecordedEvent[] {
  const versions = new Map<string, bigint>();
  return events.map((e, i) => {
    const streamId = `${e.type.startsWith('User') ? 'user' : 'organization'}-${e.data.id}`;
    const version = (versions.get(streamId) ?? -1n) + 1n;
    versions.set(streamId, version);
    return {
      ...e,
      eventId: randomUUID(),
      streamId,
      streamVersion: version,
      globalPosition: BigInt(i + 1),
      recordedAt: new Date(t(i)),
      metadata: {
        eventId: randomUUID(),
        correlationId: 'c',
        causationId: 'c',
        actor: { userId: 'admin-1', actingAsOrganizationId: null, impersonatorId: null },
        recordedAt: t(i),
        schemaVersion: 1,
      },
    };
  });
}

async function project<T>(events: Any[], read: (tx: Sql) => Promise<T>): Promise<T> {
  const schema = `acc_test_${randomUUID().replaceAll('-', '')}`;
  // the organizations resource's projection reads the events the organizations module stored before it
  const projections: Projection[] = [accountsProjection, resourceProjection(organizationResource)];
  return sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
    for (const p of projections) await p.setup(tx);
    for (const event of recorded(events)) {
      for (const p of projections) if (p.eventTypes.includes(event.type)) await p.apply(tx, event);
    }
    return read(tx as unknown as Sql);
  }) as Promise<T>;
}

const id = randomUUID();
const org = randomUUID();
const org2 = randomUUID();
const request = randomUUID();
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    id,
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    locale: 'fr',
    timezone: 'Europe/Paris',
    passwordHash: '$argon2id$secret-hash',
    origin: 'register',
  },
};
const orgFields = {
  unitName: null,
  shortDescription: null,
  description: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  externalUrl: null,
  country: 'FR',
  longitude: 4.83,
  latitude: 45.76,
  adminOnlyNote: null,
};

describe('accounts projection', () => {
  it('builds a user row without any secret, with roles, level, validation and login times', async () => {
    const rows = await project(
      [
        registered,
        { type: 'UserEmailVerified', data: { id, email: 'ada@example.org' } },
        { type: 'UserRoleGranted', data: { id, role: 'contributor' } },
        { type: 'UserRoleGranted', data: { id, role: 'admin' } },
        { type: 'UserRoleRevoked', data: { id, role: 'contributor' } },
        { type: 'UserAccessLevelSet', data: { id, accessLevel: 'member_level_1' } },
        { type: 'UserSecondaryEmailsChanged', data: { id, emails: ['b@xn--bcher-kva.example'] } },
        { type: 'UserNotificationPreferencesChanged', data: { id, preferences: { comments: false } } },
        {
          type: 'UserTwoFactorEnrolmentStarted',
          data: { id, strategy: 'totp', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' },
        },
        {
          type: 'UserTwoFactorEnabled',
          data: { id, strategy: 'totp', recoveryCodeHashes: ['a'.repeat(64)] },
        },
        { type: 'UserSignedIn', data: { id, method: 'totp', totpTimeStep: 5 } },
        { type: 'UserValidated', data: { id } },
        // shows nothing new, yet the row's version follows the stream (a save's If-Match compares with it)
        { type: 'UserSignedOut', data: { id } },
      ],
      (tx) => tx`select * from users`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      id,
      email: 'ada@example.org',
      email_verified_at: new Date(t(1)),
      roles: ['admin'],
      access_level: 'member_level_1',
      access_level_weight: 300,
      secondary_emails: ['b@xn--bcher-kva.example'],
      notification_preferences: { comments: false },
      two_factor_strategy: 'totp',
      has_password: true,
      last_login_at: new Date(t(10)),
      validated_at: new Date(t(11)),
      locale: 'fr',
      edition_locale: 'fr',
      version: '12',
    });
    expect(JSON.stringify(row)).not.toContain('secret-hash');
    expect(JSON.stringify(row)).not.toContain('JBSWY3DP');
  });

  it('keeps organizations in join order and clears the acting one when left', async () => {
    const result = await project(
      [
        registered,
        {
          type: 'OrganizationCreated',
          data: { id: org, slug: 'lab', name: 'Lab', accessLevel: 'member_level_2', ...orgFields },
        },
        {
          type: 'OrganizationCreated',
          data: { id: org2, slug: 'club', name: 'Club', accessLevel: null, ...orgFields },
        },
        { type: 'UserJoinedOrganization', data: { id, organizationId: org2 } },
        { type: 'UserJoinedOrganization', data: { id, organizationId: org } },
        { type: 'UserActingAsOrganizationSwitched', data: { id, organizationId: org } },
        { type: 'OrganizationAccessLevelSet', data: { id: org, accessLevel: 'member_level_1' } },
        { type: 'UserLeftOrganization', data: { id, organizationId: org } },
      ],
      async (tx) => ({
        memberships: await tx`select organization_id from user_organizations order by joined_version`,
        user: await tx`select acting_as_organization_id from users`,
        orgs: await tx`select slug, access_level_id, created_by, version::int from organizations order by slug`,
      }),
    );
    expect(result.memberships.map((r) => r.organization_id)).toEqual([org2]);
    expect(result.user[0]?.acting_as_organization_id).toBeNull();
    expect(result.orgs).toEqual([
      { slug: 'club', access_level_id: null, created_by: 'admin-1', version: 0 },
      { slug: 'lab', access_level_id: 'member_level_1', created_by: 'admin-1', version: 1 },
    ]);
  });

  it('moves validation requests from pending to accepted or refused', async () => {
    const rows = await project(
      [
        registered,
        {
          type: 'UserValidationRequested',
          data: { id, requestId: request, description: 'Fab lab', attachedOrganizationId: org },
        },
        { type: 'UserValidationRequestRefused', data: { id, requestId: request, reason: 'Unknown lab' } },
      ],
      (tx) =>
        tx`select id, user_id, status, refuse_reason, attached_organization_id from validation_requests`,
    );
    expect(rows).toEqual([
      {
        id: request,
        user_id: id,
        status: 'refused',
        refuse_reason: 'Unknown lab',
        attached_organization_id: org,
      },
    ]);
  });
});
