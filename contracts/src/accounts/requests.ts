import { z } from 'zod/v4';
import { LOCALES, ROLES } from '../enums.ts';
import { AccessLevelSchema } from '../access-level.ts';
import { EmailSchema } from './emails.ts';
import { NotificationPreferencesSchema } from './events.ts';
import { RecordIdSchema } from '../resources/record-id.ts';
import { isTimezone, NEWSLETTER_FREQUENCY_IDS, RENTAL_INVOICING_STRATEGY_IDS } from './reference.ts';

/** JSON:API request documents of the users and validation-requests resources (shared with the web). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();

export const TimezoneSchema = z.string().refine(isTimezone, 'must be an IANA time zone such as Europe/Paris');

const toOne = <T extends string>(type: string, ids: readonly [T, ...T[]]) =>
  z.object({ data: z.object({ type: z.literal(type), id: z.enum(ids) }).nullable() });
/** To a record of a resource (jobs, user categories): the command side checks that it exists. */
const toRecord = (type: string) =>
  z.object({ data: z.object({ type: z.literal(type), id: RecordIdSchema }).nullable() });

export const UserAttributesSchema = z
  .object({
    firstName: z.string().trim().min(1).max(255).optional(),
    lastName: z.string().trim().min(1).max(255).optional(),
    email: EmailSchema.optional(),
    phone: optionalText(40),
    description: optionalText(5000),
    organizationName: optionalText(255),
    avatarUrl: z.string().url().max(2048).nullable().optional(),
    jobOther: optionalText(255),
    /** one address per line (seed 000 §5); parsed by parseSecondaryEmails */
    secondaryEmailsString: z.string().max(10_000).optional(),
    notificationsPreferences: NotificationPreferencesSchema.optional(),
    locale: z.enum(LOCALES).optional(),
    editionLocale: z.enum(LOCALES).optional(),
    timezone: TimezoneSchema.optional(),
    password: z.string().min(10, 'must be at least 10 characters').max(256).optional(),
    oldPassword: z.string().max(256).optional(),
    /** administrators only: marks the account validated */
    validated: z.literal(true).optional(),
  })
  .strict();

export const UserRelationshipsSchema = z
  .object({
    job: toRecord('jobs').optional(),
    userCategory: toRecord('user-categories').optional(),
    newsletterFrequency: toOne('newsletter-frequencies', NEWSLETTER_FREQUENCY_IDS).optional(),
    rentalInvoicingStrategy: toOne('rental-invoicing-strategies', RENTAL_INVOICING_STRATEGY_IDS).optional(),
    /** administrators only */
    roles: z
      .object({ data: z.array(z.object({ type: z.literal('roles'), id: z.enum(ROLES) })).max(ROLES.length) })
      .optional(),
    /** administrators only */
    accessLevel: z
      .object({ data: z.object({ type: z.literal('access-levels'), id: AccessLevelSchema }).nullable() })
      .optional(),
  })
  .strict();

/** An administrator opens an account (demo accounts, imports); people register through /auth/register. */
export const CreateUserAttributesSchema = z
  .object({
    email: EmailSchema,
    firstName: z.string().trim().min(1).max(255),
    lastName: z.string().trim().min(1).max(255),
    password: z.string().min(10, 'must be at least 10 characters').max(256).optional(),
    locale: z.enum(LOCALES).default('en'),
    timezone: TimezoneSchema.default('Europe/Paris'),
    emailVerified: z.boolean().default(false),
  })
  .strict();

export const ValidationRequestAttributesSchema = z
  .object({ description: z.string().trim().min(1).max(5000) })
  .strict();
export const ValidationRequestRelationshipsSchema = z
  .object({
    attachedOrganization: z
      .object({ data: z.object({ type: z.literal('organizations'), id: z.string().uuid() }).nullable() })
      .optional(),
  })
  .strict();
export const DecideValidationRequestAttributesSchema = z
  .object({
    status: z.enum(['accepted', 'refused']),
    refuseReason: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();

export const OrganizationRefSchema = z.object({ type: z.literal('organizations'), id: z.string().uuid() });
