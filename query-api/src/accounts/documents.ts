import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { secondaryEmailsString } from '@platform/contracts/accounts/emails';
import { hasAdministratorRole } from '@platform/contracts/accounts/rules';
import { resourceObject, type Relationship, type ResourceObject } from '../jsonapi/document.ts';
import { timestamp } from '../jsonapi/sql.ts';

const maybeTimestamp = timestamp.nullable();

export const USER_TYPE = 'users';

export const UserRow = z.object({
  id: z.string(),
  email: z.string(),
  email_verified_at: maybeTimestamp,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  organization_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  job_id: z.string().nullable(),
  job_other: z.string().nullable(),
  user_category_id: z.string().nullable(),
  newsletter_frequency_id: z.string().nullable(),
  rental_invoicing_strategy_id: z.string().nullable(),
  secondary_emails: z.array(z.string()),
  notification_preferences: z.record(z.string(), z.boolean()),
  locale: z.string(),
  edition_locale: z.string(),
  timezone: z.string(),
  has_password: z.boolean(),
  two_factor_strategy: z.string().nullable(),
  roles: z.array(z.string()),
  access_level: z.string().nullable(),
  acting_as_organization_id: z.string().nullable(),
  validated_at: maybeTimestamp,
  last_login_at: maybeTimestamp,
  created_at: timestamp,
  updated_at: timestamp,
  version: z.bigint(),
});
export type UserRow = z.infer<typeof UserRow>;

export const USER_COLUMNS = sql.fragment`u.id, u.email, u.email_verified_at, u.first_name, u.last_name, u.phone,
  u.description, u.organization_name, u.avatar_url, u.job_id, u.job_other, u.user_category_id,
  u.newsletter_frequency_id, u.rental_invoicing_strategy_id, u.secondary_emails, u.notification_preferences,
  u.locale, u.edition_locale, u.timezone, u.has_password, u.two_factor_strategy, u.roles, u.access_level,
  u.acting_as_organization_id, u.validated_at, u.last_login_at, u.created_at, u.updated_at, u.version`;

export const USER_FIELDS = [
  'isAdmin',
  'impersonating',
  'hasPassword',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'twoFactorStrategy',
  'avatarUrl',
  'description',
  'organizationName',
  'notificationsPreferences',
  'locale',
  'editionLocale',
  'timezone',
  'jobOther',
  'emailVerifiedAt',
  'validatedAt',
  'lastLoginAt',
  'secondaryEmailsString',
  'createdAt',
  'updatedAt',
  'roles',
  'job',
  'accessLevel',
  'organizations',
  'actingAsOrganization',
  'newsletterFrequency',
  'rentalInvoicingStrategy',
  'userCategory',
];

const ref = (type: string, id: string | null): Relationship => ({ data: id === null ? null : { type, id } });

/**
 * A user as JSON:API. `full` (the user themselves, administrators) shows the account; anyone else sees the
 * public profile only (seed 000 §2.2 users.profile): names, avatar, description, organization name, job.
 */
export function userResource(
  row: UserRow,
  options: {
    full: boolean;
    organizationIds?: string[];
    impersonating?: boolean;
    fields?: Record<string, string[]>;
  },
): ResourceObject {
  const publicAttributes = {
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    avatarUrl: row.avatar_url,
    description: row.description,
    organizationName: row.organization_name,
    jobOther: row.job_id === 'other' ? row.job_other : null,
  };
  const attributes = options.full
    ? {
        ...publicAttributes,
        isAdmin: hasAdministratorRole(row.roles),
        impersonating: options.impersonating ?? false,
        hasPassword: row.has_password,
        email: row.email,
        phone: row.phone,
        twoFactorStrategy: row.two_factor_strategy,
        notificationsPreferences: row.notification_preferences,
        locale: row.locale,
        editionLocale: row.edition_locale,
        timezone: row.timezone,
        emailVerifiedAt: row.email_verified_at,
        validatedAt: row.validated_at,
        lastLoginAt: row.last_login_at,
        secondaryEmailsString: secondaryEmailsString(row.secondary_emails),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : publicAttributes;
  const relationships: Record<string, Relationship> = options.full
    ? {
        roles: { data: row.roles.map((id) => ({ type: 'roles', id })) },
        job: ref('jobs', row.job_id),
        accessLevel: ref('access-levels', row.access_level),
        organizations: { data: (options.organizationIds ?? []).map((id) => ({ type: 'organizations', id })) },
        actingAsOrganization: ref('organizations', row.acting_as_organization_id),
        newsletterFrequency: ref('newsletter-frequencies', row.newsletter_frequency_id),
        rentalInvoicingStrategy: ref('rental-invoicing-strategies', row.rental_invoicing_strategy_id),
        userCategory: ref('user-categories', row.user_category_id),
      }
    : { job: ref('jobs', row.job_id) };
  return resourceObject(USER_TYPE, row.id, attributes, {
    relationships,
    self: `/api/v1/${USER_TYPE}/${row.id}`,
    ...(options.full ? { meta: { version: row.version.toString() } } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
  });
}
