import { z } from 'zod';
import { AccessLevelSchema } from '../enums.ts';

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
 * The app environment's editable settings (seed 000 §3 "app environment"). Every field may be null (unset).
 * The shape is shared by the update command (all optional), the event (only the changed fields) and the read
 * document (all present).
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
export type AppEnvironmentSettingName = keyof AppEnvironmentSettings;

export const APP_ENVIRONMENT_SETTING_NAMES = Object.keys(
  AppEnvironmentSettingsSchema.shape,
) as AppEnvironmentSettingName[];

/** What PATCH accepts: any subset; unknown attributes are refused so a typo is not silently ignored. */
export const AppEnvironmentPatchSchema = AppEnvironmentSettingsSchema.partial()
  .strict()
  .superRefine((patch, ctx) => {
    const min = patch.rentalMinDuration;
    const max = patch.rentalMaxDuration;
    if (min != null && max != null && min > max) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['rentalMaxDuration'],
        message: 'must not be less than rentalMinDuration',
      });
    }
  });
export type AppEnvironmentPatch = z.infer<typeof AppEnvironmentPatchSchema>;

export function emptyAppEnvironmentSettings(): AppEnvironmentSettings {
  return Object.fromEntries(APP_ENVIRONMENT_SETTING_NAMES.map((n) => [n, null])) as AppEnvironmentSettings;
}
