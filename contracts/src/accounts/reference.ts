/**
 * Reference data of the accounts module: lists with stable ids. Newsletter frequencies are code, served by the
 * query API as they are. Jobs and user categories are the fixed rows of their resources (reference-lists.ts), and
 * rental invoicing strategies of theirs (rental/records.ts): they exist from the start under these ids, which
 * users' events store, and administrators rename them or add more.
 */
export interface ReferenceItem {
  id: string;
  name: string;
}

/** Jobs (seed 001 §3): not_specified and other are special ids, and other is listed last. */
export const JOBS: readonly ReferenceItem[] = [
  { id: 'not_specified', name: 'Not specified' },
  { id: 'occupational_therapist', name: 'Occupational therapist' },
  { id: 'physiotherapist', name: 'Physiotherapist' },
  { id: 'speech_therapist', name: 'Speech therapist' },
  { id: 'psychomotor_therapist', name: 'Psychomotor therapist' },
  { id: 'orthoptist', name: 'Orthoptist' },
  { id: 'physician', name: 'Physician' },
  { id: 'nurse', name: 'Nurse' },
  { id: 'special_educator', name: 'Special educator' },
  { id: 'teacher', name: 'Teacher' },
  { id: 'engineer', name: 'Engineer' },
  { id: 'maker', name: 'Maker' },
  { id: 'student', name: 'Student' },
  { id: 'caregiver', name: 'Family caregiver' },
  { id: 'other', name: 'Other' },
];
export const OTHER_JOB_ID = 'other';

/**
 * The job a person shows (seed 001 §3, light users): the job's name, or jobOther when the job is "other".
 * `jobName` is the job's current name (from the jobs resource; the fixed row's name when absent).
 */
export function jobLabel(
  jobId: string | null,
  jobOther: string | null,
  jobName: string | null = JOBS.find((j) => j.id === jobId)?.name ?? null,
): string | null {
  if (jobId === null) return null;
  if (jobId === OTHER_JOB_ID) return jobOther?.trim() || jobName;
  return jobName;
}

export interface UserCategory extends ReferenceItem {
  color: string;
}

/** User categories (seed 001 §3: name, colour). Colours are theme-independent hex values. */
export const USER_CATEGORIES: readonly UserCategory[] = [
  { id: 'professional', name: 'Professional', color: '#115CA8' },
  { id: 'person_concerned', name: 'Person concerned', color: '#286F2C' },
  { id: 'family', name: 'Family and close circle', color: '#a03800' },
  { id: 'researcher', name: 'Researcher', color: '#6A1B9A' },
  { id: 'student', name: 'Student', color: '#00695C' },
  { id: 'other', name: 'Other', color: '#546E7A' },
];

export const NEWSLETTER_FREQUENCIES: readonly ReferenceItem[] = [
  { id: 'never', name: 'Never' },
  { id: 'weekly', name: 'Weekly' },
  { id: 'monthly', name: 'Monthly' },
];
export const NEWSLETTER_FREQUENCY_IDS = NEWSLETTER_FREQUENCIES.map((f) => f.id) as [string, ...string[]];

/** Rental invoicing strategies (seed 001 §3): no_vat and no_vat_debit_note mean no VAT is applied. */
export const RENTAL_INVOICING_STRATEGIES: readonly ReferenceItem[] = [
  { id: 'standard', name: 'Standard invoice' },
  { id: 'no_vat', name: 'Invoice without VAT' },
  { id: 'no_vat_debit_note', name: 'Debit note without VAT' },
];
export const RENTAL_INVOICING_STRATEGY_IDS = RENTAL_INVOICING_STRATEGIES.map((s) => s.id) as [
  string,
  ...string[],
];

/** Notification kinds a user can turn on or off; absent keys mean "on". */
export const NOTIFICATION_KINDS = [
  'forum_replies',
  'comments',
  'publication_requests',
  'validation_requests',
  'rental_commands',
  'newsletter',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const TWO_FACTOR_STRATEGIES = ['totp', 'email'] as const;
export type TwoFactorStrategy = (typeof TWO_FACTOR_STRATEGIES)[number];

export const VALIDATION_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type ValidationRequestStatus = (typeof VALIDATION_REQUEST_STATUSES)[number];

export const DEFAULT_TIMEZONE = 'Europe/Paris';

/** An IANA time zone this runtime knows (Intl throws a RangeError for unknown ones). */
export function isTimezone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
