import type { TransactionSql } from 'postgres';
import { ACCESS_LEVEL_WEIGHTS } from '@platform/contracts/enums';
import { USER_EVENT_TYPES, type UserEvent } from '@platform/contracts/accounts/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `users`, `user_organizations` (in join order: the first organization decides the access level when acting
 * as none) and `validation_requests`. No secret leaves the log for a read table: users keep has_password and
 * two_factor_strategy, never a hash or a TOTP secret. Times come from the events' recordedAt.
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  // v2: every user event advances the row's version (v1 left sign-ins and enrolments out: stale If-Match)
  version: 2,
  eventTypes: USER_EVENT_TYPES,
  tables: ['users', 'user_organizations', 'validation_requests'],
  async setup(tx) {
    await tx.unsafe(`
      create table users (
        id uuid primary key,
        email text not null,
        email_verified_at timestamptz null,
        first_name text not null,
        last_name text not null,
        phone text null,
        description text null,
        organization_name text null,
        avatar_url text null,
        job_id text null,
        job_other text null,
        user_category_id text null,
        newsletter_frequency_id text null,
        rental_invoicing_strategy_id text null,
        secondary_emails text[] not null default '{}',
        notification_preferences jsonb not null default '{}',
        locale text not null,
        edition_locale text not null,
        timezone text not null,
        has_password boolean not null,
        two_factor_strategy text null,
        roles text[] not null default '{}',
        access_level text null,
        access_level_weight int null,
        acting_as_organization_id uuid null,
        validated_at timestamptz null,
        last_login_at timestamptz null,
        origin text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version bigint not null
      );
      create index users_email on users (lower(email));
      create table user_organizations (
        user_id uuid not null,
        organization_id uuid not null,
        -- the user stream's version when joined: orders a user's organizations by join order
        joined_version bigint not null,
        joined_at timestamptz not null,
        primary key (user_id, organization_id)
      );
      create index user_organizations_organization on user_organizations (organization_id);
      create table validation_requests (
        id uuid primary key,
        user_id uuid not null,
        description text not null,
        attached_organization_id uuid null,
        status text not null,
        refuse_reason text null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index validation_requests_user on validation_requests (user_id);
      create index validation_requests_status on validation_requests (status, created_at);
    `);
  },
  async apply(tx, recorded) {
    await applyUserEvent(tx, recorded as RecordedEvent & UserEvent);
  },
};

type Columns = Record<string, string | number | boolean | null | string[]>;

async function touch(tx: TransactionSql, event: RecordedEvent & UserEvent, columns: Columns): Promise<void> {
  const row = { ...columns, updated_at: event.metadata.recordedAt, version: event.streamVersion.toString() };
  await tx`update users set ${tx(row as unknown as Record<string, string>)} where id = ${event.data.id}`;
}

async function applyUserEvent(tx: TransactionSql, event: RecordedEvent & UserEvent): Promise<void> {
  const at = event.metadata.recordedAt;
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const row = {
        id: d.id,
        email: d.email,
        first_name: d.firstName,
        last_name: d.lastName,
        locale: d.locale,
        edition_locale: d.locale,
        timezone: d.timezone,
        has_password: d.passwordHash !== null,
        origin: d.origin,
        created_at: at,
        updated_at: at,
        version: event.streamVersion.toString(),
      };
      await tx`insert into users ${tx(row)} on conflict (id) do nothing`;
      return;
    }
    case 'UserEmailVerified':
      await tx`update users set email_verified_at = ${at}, updated_at = ${at}, version = ${event.streamVersion.toString()}
                where id = ${event.data.id} and email = ${event.data.email}`;
      return;
    case 'UserEmailChanged':
      return touch(tx, event, { email: event.data.email, email_verified_at: null });
    case 'UserProfileUpdated': {
      const d = event.data;
      return touch(tx, event, {
        first_name: d.firstName,
        last_name: d.lastName,
        phone: d.phone,
        description: d.description,
        organization_name: d.organizationName,
        avatar_url: d.avatarUrl,
        job_id: d.jobId,
        job_other: d.jobOther,
        user_category_id: d.userCategoryId,
        newsletter_frequency_id: d.newsletterFrequencyId,
        rental_invoicing_strategy_id: d.rentalInvoicingStrategyId,
      });
    }
    case 'UserSecondaryEmailsChanged':
      return touch(tx, event, { secondary_emails: event.data.emails });
    case 'UserNotificationPreferencesChanged':
      await tx`update users set notification_preferences = ${tx.json(event.data.preferences)}, updated_at = ${at},
                version = ${event.streamVersion.toString()} where id = ${event.data.id}`;
      return;
    case 'UserLocalesChanged':
      return touch(tx, event, {
        locale: event.data.locale,
        edition_locale: event.data.editionLocale,
        timezone: event.data.timezone,
      });
    case 'UserPasswordChanged':
      return touch(tx, event, { has_password: true });
    case 'UserTwoFactorEnabled':
      return touch(tx, event, { two_factor_strategy: event.data.strategy });
    case 'UserTwoFactorDisabled':
      return touch(tx, event, { two_factor_strategy: null });
    case 'UserRoleGranted':
      await tx`update users set roles = case when ${event.data.role} = any(roles) then roles else array_append(roles, ${event.data.role}) end,
                updated_at = ${at}, version = ${event.streamVersion.toString()} where id = ${event.data.id}`;
      return;
    case 'UserRoleRevoked':
      await tx`update users set roles = array_remove(roles, ${event.data.role}), updated_at = ${at},
                version = ${event.streamVersion.toString()} where id = ${event.data.id}`;
      return;
    case 'UserAccessLevelSet': {
      const level = event.data.accessLevel;
      return touch(tx, event, {
        access_level: level,
        access_level_weight: level === null ? null : ACCESS_LEVEL_WEIGHTS[level],
      });
    }
    case 'UserValidationRequested': {
      const d = event.data;
      const row = {
        id: d.requestId,
        user_id: d.id,
        description: d.description,
        attached_organization_id: d.attachedOrganizationId,
        status: 'pending',
        created_at: at,
        updated_at: at,
      };
      await tx`insert into validation_requests ${tx(row)} on conflict (id) do nothing`;
      return;
    }
    case 'UserValidationRequestAccepted':
    case 'UserValidationRequestRefused': {
      const status = event.type === 'UserValidationRequestAccepted' ? 'accepted' : 'refused';
      const reason = event.type === 'UserValidationRequestRefused' ? event.data.reason : null;
      await tx`update validation_requests set status = ${status}, refuse_reason = ${reason}, updated_at = ${at}
                where id = ${event.data.requestId}`;
      return;
    }
    case 'UserValidated':
      return touch(tx, event, { validated_at: at });
    case 'UserJoinedOrganization':
      await tx`insert into user_organizations (user_id, organization_id, joined_version, joined_at)
               values (${event.data.id}, ${event.data.organizationId}, ${event.streamVersion.toString()}, ${at})
               on conflict do nothing`;
      return;
    case 'UserLeftOrganization':
      await tx`delete from user_organizations where user_id = ${event.data.id} and organization_id = ${event.data.organizationId}`;
      await tx`update users set acting_as_organization_id = null
                where id = ${event.data.id} and acting_as_organization_id = ${event.data.organizationId}`;
      return;
    case 'UserActingAsOrganizationSwitched':
      return touch(tx, event, { acting_as_organization_id: event.data.organizationId });
    case 'UserSignedIn':
      await tx`update users set last_login_at = ${at}, version = ${event.streamVersion.toString()}
                where id = ${event.data.id}`;
      return;
    case 'UserTwoFactorEnrolmentStarted':
    case 'UserRecoveryCodeUsed':
    case 'UserSignedOut':
    case 'UserImpersonationStarted':
    case 'UserImpersonationStopped':
      // nothing shown changes, but the row's version stays the stream's: the next save's If-Match must match
      await tx`update users set version = ${event.streamVersion.toString()} where id = ${event.data.id}`;
      return;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
