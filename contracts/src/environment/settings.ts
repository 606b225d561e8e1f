import { z } from 'zod/v4';
import { AccessLevelSchema } from '../access-level.ts';

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) URL');
/** durations (days) and limits: whole, non-negative, and small enough to stay a sane configuration */
const count = z.number().int().min(0).max(100_000);
const text = (max: number) => z.string().max(max);
/** a stored file or record this platform owns (logo, forms, blog post, calendar event) */
const ref = z.string().trim().min(1).max(255);

/**
 * The app environment's editable settings (seed 000 §3 "app environment"). Every field may be null (unset). The
 * attributes of the app-environments resource (app-environment.ts) and the payload of its stored
 * AppEnvironmentSettingsChanged events (only the changed fields).
 */
export const AppEnvironmentSettingsSchema = z.object({
  description: text(5000).nullable(),
  styles: text(100_000).nullable(),
  becomeMemberUrl: httpUrl.nullable(),
  evolveMemberUrl: httpUrl.nullable(),
  rlCharterUrl: httpUrl.nullable(),
  rlCharterTranslatorName: text(255).nullable(),
  rlCharterTranslatorUrl: httpUrl.nullable(),
  rentalDurationMultiple: count.nullable(),
  rentalMinDuration: count.nullable(),
  rentalMaxDuration: count.nullable(),
  rentalBeforeStartDuration: count.nullable(),
  rentalMaxItems: count.nullable(),
  rentalMaxModels: count.nullable(),
  rentalMaxPendingCommands: count.nullable(),
  rentalBookingExpirationDelay: count.nullable(),
  /** a percentage */
  rentalOrganizationTax: z.number().min(0).max(100).nullable(),
  rentalRetrievalAddress: text(2000).nullable(),
  rentalStocks: text(5000).nullable(),
  documentHeader: text(100_000).nullable(),
  documentFooter: text(100_000).nullable(),
  documentRentalConditions: text(100_000).nullable(),
  logo: ref.nullable(),
  documentLogo: ref.nullable(),
  socialPreview: ref.nullable(),
  contactForm: ref.nullable(),
  newsletterForm: ref.nullable(),
  openBadgeIssuerAccessLevel: AccessLevelSchema.nullable(),
  rlProjectsAccessLevel: AccessLevelSchema.nullable(),
  /** named text templates used by integrations (e-mail, documents), keyed by template name */
  integrationTemplates: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.-]{0,63}$/), text(100_000))
    .refine((r) => Object.keys(r).length <= 50, 'at most 50 templates')
    .nullable(),
  newMembersBlogPost: ref.nullable(),
  newMembersCalendarEvent: ref.nullable(),
});
export type AppEnvironmentSettings = z.infer<typeof AppEnvironmentSettingsSchema>;
/** The fixed record's settings before any change: every one unset. */
export function emptyAppEnvironmentSettings(): AppEnvironmentSettings {
  return Object.fromEntries(
    Object.keys(AppEnvironmentSettingsSchema.shape).map((name) => [name, null]),
  ) as AppEnvironmentSettings;
}
