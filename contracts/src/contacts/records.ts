import { z } from 'zod/v4';
import { EmailSchema } from '../accounts/emails.ts';
import { LOCALES } from '../enums.ts';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { APP_ADMINS, APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { generatedSecret, singleLine } from '../resources/fields.ts';

/**
 * The platform's contacts (seed 001 §3 "light-user", "light-user-form", "light-user-form-input"; seed 001 §2: the
 * public light-user form /services/forms/{id}?t={token}; the admin menu's `contacts` group), behind the contacts
 * feature (FEATURE_CONTACTS):
 *
 * - a light user is a person the platform keeps in touch with without an account (a newsletter reader, someone
 *   met at a fair): the back office keeps them, nobody else reads them;
 * - a light-user form is a page the back office opens to visitors, at an address only its link names (the form's
 *   id and its secret token), where a person leaves their name, e-mail and organization;
 * - each submission is a light-user form input, decided on the input's own stream under the form's rules (offline,
 *   expired; with onlyOneInput the input's id is drawn from the form and the e-mail address, so its stream guards
 *   one input per address) with its captcha's challenge used once (CaptchaUsed), and kept as a record the back
 *   office handles: it marks it handled and links the contact it made or matched.
 */

const name = z.string().trim().min(1).max(255);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const instant = z.string().datetime({ offset: true });
/** an e-mail address as the platform compares them, users' as well: trimmed, in ASCII form and lower case */
export const ContactEmailSchema = EmailSchema;

/** What a form's secret token is made of: 32 URL-safe characters, made by the command side (generatedSecret). */
export const LIGHT_USER_FORM_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The public address of a light-user form (seed 001 §2): its id and its secret token. */
export const lightUserFormPath = (id: string, token: string) =>
  `/services/forms/${id}?t=${encodeURIComponent(token)}`;

/**
 * A contact (seed 001 §3 light-user): a person the platform keeps in touch with, without an account. The e-mail
 * address is unique among live contacts (a submission finds its contact by it). The job shown is the job's name,
 * unless it is the other one (then jobOther: jobLabel, as for users).
 */
export const lightUserResource = defineResource({
  type: 'light-users',
  singular: 'light-user',
  category: 'lightuser',
  eventPrefix: 'LightUser',
  module: 'contacts',
  feature: 'contacts',
  menu: { group: 'contacts', icon: 'contact_mail' },
  attributes: z.object({
    firstName: name,
    lastName: name,
    email: ContactEmailSchema,
    phone: singleLine(optionalText(40)),
    jobOther: optionalText(255),
    locale: z.enum(LOCALES).nullable().default(null),
    hasMailSubscription: z.boolean().default(false),
    adminOnlyNote: optionalText(5000),
    lastActionAt: instant.nullable().default(null),
  }),
  relationships: {
    job: { type: 'jobs' },
    organization: { type: 'organizations' },
    // the member account this contact became (seed 001 §3 pulledUser)
    pulledUser: { type: 'users' },
    adminTags: { type: 'admin-tags', many: true },
  },
  unique: ['email'],
  derived: {
    fullName: (a) => [a.firstName, a.lastName].filter((part) => typeof part === 'string' && part).join(' '),
  },
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  filters: ['hasMailSubscription', 'locale', 'email'],
  search: ['firstName', 'lastName', 'email'],
  sorts: ['lastName', 'firstName', 'email', 'lastActionAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'email',
});

/**
 * A light-user form (seed 001 §3): the page a visitor fills in at /services/forms/{id}?t={token}. The token is made
 * when the form is created and made anew when the back office empties it (the old link then stops working).
 *
 * - `isOffline`: the page says the form is closed and takes nothing;
 * - `expiresAt`: from then on, likewise;
 * - `onlyOneInput`: one input per e-mail address;
 * - `isCaptchaProtected` (default true, seed 001 §5): the visitor's browser solves a proof of work first (ALTCHA:
 *   nothing to read, hear or click, so nobody is kept out by a puzzle);
 * - `isSubscriptionForm`: the page offers the newsletter (the input's userHasMailSubscription);
 * - `allowNoOrganization`: the organization's name may be left empty (otherwise it is asked for);
 * - `allowMessage`: the page offers a message;
 * - `country`: the country the form is for (its organizations'), shown with it.
 */
export const lightUserFormResource = defineResource({
  type: 'light-user-forms',
  singular: 'light-user-form',
  category: 'lightuserform',
  eventPrefix: 'LightUserForm',
  module: 'contacts',
  feature: 'contacts',
  menu: { group: 'contacts', icon: 'dynamic_form' },
  attributes: z.object({
    title: name,
    description: optionalText(5000),
    token: generatedSecret(singleLine(z.string().regex(LIGHT_USER_FORM_TOKEN)).nullable().default(null)),
    onlyOneInput: z.boolean().default(false),
    isOffline: z.boolean().default(false),
    isCaptchaProtected: z.boolean().default(true),
    isSubscriptionForm: z.boolean().default(false),
    allowNoOrganization: z.boolean().default(false),
    allowMessage: z.boolean().default(false),
    country: z.string().length(2).toUpperCase().nullable().default(null),
    adminOnlyNote: optionalText(5000),
    expiresAt: instant.nullable().default(null),
  }),
  relationships: {
    defaultJob: { type: 'jobs' },
    mailingTemplate: { type: 'mailing-templates' },
    adminTags: { type: 'admin-tags', many: true },
    // the back-office members told of each input (seed 001 §3 notifiedUsers)
    notifiedUsers: { type: 'users', many: true },
  },
  counts: {
    inputsCount: { type: 'light-user-form-inputs', via: 'form', kind: 'count' },
  },
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  filters: ['isOffline', 'isSubscriptionForm'],
  search: ['title'],
  sorts: ['title', 'expiresAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'title',
});

/** Where a submission came from (the link's utm_* parameters), each a short text. */
export const UtmSchema = z
  .object({
    source: z.string().max(100).optional(),
    medium: z.string().max(100).optional(),
    campaign: z.string().max(100).optional(),
    term: z.string().max(100).optional(),
    content: z.string().max(100).optional(),
  })
  .strict();

/** What a visitor writes on a light-user form: the input's own attributes (seed 001 §3). */
export const lightUserFormInputFields = {
  userFirstName: name,
  userLastName: name,
  userEmail: ContactEmailSchema,
  userPhone: singleLine(optionalText(40)),
  userHasMailSubscription: z.boolean().default(false),
  userJobOther: optionalText(255),
  organizationName: optionalText(255),
  organizationUnitName: optionalText(255),
  organizationContactAddress: optionalText(1000),
  message: optionalText(5000),
};

/**
 * A submission of a light-user form (seed 001 §3 light-user-form-input): what the visitor wrote, in which
 * language, from which campaign (utm), and the back office's handling: `handledAt`, the contact it made
 * (`createdLightUser`) or the one that already had its e-mail address (`matchingLightUser`, found when it came).
 * Made only by a submission (never through the API); the back office reads it, handles it and puts it aside.
 */
export const lightUserFormInputResource = defineResource({
  type: 'light-user-form-inputs',
  singular: 'light-user-form-input',
  category: 'lightuserforminput',
  eventPrefix: 'LightUserFormInput',
  module: 'contacts',
  feature: 'contacts',
  menu: { group: 'contacts', icon: 'inbox' },
  attributes: z.object({
    ...lightUserFormInputFields,
    locale: z.enum(LOCALES).nullable().default(null),
    utm: UtmSchema.nullable().default(null),
    handledAt: instant.nullable().default(null),
  }),
  relationships: {
    form: { type: 'light-user-forms', required: true, immutable: true },
    userJob: { type: 'jobs' },
    createdLightUser: { type: 'light-users' },
    matchingLightUser: { type: 'light-users' },
  },
  // what the visitor wrote stays as they wrote it: the back office handles it, never rewrites it
  immutable: [
    'userFirstName',
    'userLastName',
    'userEmail',
    'userPhone',
    'userHasMailSubscription',
    'userJobOther',
    'organizationName',
    'organizationUnitName',
    'organizationContactAddress',
    'message',
    'locale',
    'utm',
  ],
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: APP_ADMINS,
    show: APP_ADMINS,
    update: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
    delete: 'admin',
  },
  filters: ['userEmail'],
  search: ['userFirstName', 'userLastName', 'userEmail', 'organizationName'],
  sorts: ['userLastName', 'userEmail', 'handledAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'userEmail',
});

/**
 * A captcha's challenge was answered (ADR 0060): appended to the challenge's own stream (`captchause-<signature>`)
 * expecting none, so that a challenge opens one submission only, whatever the concurrency. It names the record the
 * challenge was made for, nothing of who answered it.
 */
export const CaptchaUsed = defineEvent(
  'CaptchaUsed',
  z.object({
    /** the record the challenge was made for (a light-user form's id) */
    scope: z.string().max(100),
    usedAt: z.string().datetime({ offset: true }),
  }),
);
export type CaptchaUsedData = z.infer<typeof CaptchaUsed.schema>;

export const contactEventContracts: EventContract[] = [CaptchaUsed];

/** The longest address query a contacts report keeps. */
export const LIGHT_USER_REPORT_QUERY_MAX = 2000;

/** A contacts report's query, parsed: the search, the sort and the filters of the contacts' list, by name. */
export interface LightUserReportQuery {
  search: string | null;
  sort: string | null;
  filters: Record<string, string>;
}

/** What the contacts' list takes in its address besides the page: its filters, its relationships' and the search. */
export function lightUserReportFilterNames(): string[] {
  return [
    ...lightUserResource.filters,
    ...Object.keys(lightUserResource.relationships),
    ...Object.keys(lightUserResource.listFilters),
    'trashed',
  ];
}

/**
 * A contacts report's query string (seed 001 §3 light-user-report: "queryString (parsed into parameters)"), as the
 * contacts' list call takes it (GET /api/v1/light-users?…): `search=…`, `sort=…`, `filter[name]=…`, with or without
 * its leading `?`; the page and its size are not kept. The back office's list screen maps its own address to it
 * and back (web/src/features/contacts-admin/report-query.ts). Answers the parameters, or the first problem in words. Pure:
 * the server checks a report with it, the back office shows a report's parameters with it.
 */
export function parseLightUserReportQuery(
  queryString: string,
): { ok: true; query: LightUserReportQuery } | { ok: false; problem: string } {
  const known = new Set(lightUserReportFilterNames());
  const params = new URLSearchParams(queryString.startsWith('?') ? queryString.slice(1) : queryString);
  const query: LightUserReportQuery = { search: null, sort: null, filters: {} };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (seen.has(key)) return { ok: false, problem: `"${key}" is given twice` };
    seen.add(key);
    if (key === 'page[number]' || key === 'page[size]') continue;
    if (key === 'search') {
      query.search = value;
      continue;
    }
    if (key === 'sort') {
      const field = value.replace(/^-/, '');
      if (![...lightUserResource.sorts, 'createdAt', 'updatedAt'].includes(field))
        return { ok: false, problem: `The contacts cannot be sorted by "${field}"` };
      query.sort = value;
      continue;
    }
    const filter = /^filter\[([A-Za-z][A-Za-z0-9]*)\]$/.exec(key);
    if (!filter || !known.has(filter[1]!))
      return { ok: false, problem: `"${key}" is not a parameter of the contacts' list` };
    query.filters[filter[1]!] = value;
  }
  return { ok: true, query };
}

/** A report's parameters as the contacts' list takes them in its address (no page), in a stable order. */
export function lightUserReportSearch(query: LightUserReportQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.sort) params.set('sort', query.sort);
  for (const name of Object.keys(query.filters).sort()) params.set(`filter[${name}]`, query.filters[name]!);
  return params.toString();
}

/**
 * A contacts report (seed 001 §3 light-user-report: name, description, queryString): a view of the contacts' list
 * the back office keeps under a name (the subscribed ones in French, those of a tag), its search, sort and filters
 * as the contacts' list call takes them. The query is checked against what the list takes (422 on its pointer), and
 * kept as written; the back office opens the list with it.
 */
export const lightUserReportResource = defineResource({
  type: 'light-user-reports',
  singular: 'light-user-report',
  category: 'lightuserreport',
  eventPrefix: 'LightUserReport',
  module: 'contacts',
  feature: 'contacts',
  menu: { group: 'contacts', icon: 'saved_search' },
  attributes: z.object({
    name,
    description: optionalText(5000),
    queryString: singleLine(z.string().trim().max(LIGHT_USER_REPORT_QUERY_MAX)),
  }),
  invariants: ({ queryString }) => {
    if (typeof queryString !== 'string') return [];
    const parsed = parseLightUserReportQuery(queryString);
    return parsed.ok ? [] : [{ attribute: 'queryString', detail: parsed.problem }];
  },
  access: APP_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const contactResources = [
  lightUserResource,
  lightUserFormResource,
  lightUserFormInputResource,
  lightUserReportResource,
];
