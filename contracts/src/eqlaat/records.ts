import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { richText, singleLine } from '../resources/fields.ts';

/**
 * The Eqlaat programme (seed 001 §3 "### Eqlaat programme", §4, §9; seed 000 §2): the projects a team of eqlaat
 * members follows with a patient, the steps that move a project from one status to the next, the appointments
 * with the patient, and the reports written on a project or an appointment. Every type depends on the eqlaat
 * feature (FEATURE_EQLAAT).
 *
 * A project is about a person's health and life: only the eqlaat team (the `eqlaat_member` role, and
 * administrators) reads or writes any of these records; nothing of them is public, lists and finds filter them in
 * SQL like any other rule, and a report's files are secured files (served only to those who may update the report).
 * A project names its patient by a reference to the team's own files (`patientRecord`), not by health data.
 */

const title = z.string().trim().min(1).max(255);
const name = z.string().trim().min(1).max(255);
const instant = z.string().datetime({ offset: true });
const longText = (max: number) => z.string().trim().max(max).nullable().default(null);

/** The eqlaat team: members with the eqlaat_member role (administrators pass every role rule). */
export const EQLAAT_TEAM = { roles: ['eqlaat_member'] } as const;

/** What the team does with its records; erasing one for good, and restoring it, are administrators' acts. */
const TEAM_ACCESS = {
  see: EQLAAT_TEAM,
  index: EQLAAT_TEAM,
  show: EQLAAT_TEAM,
  create: EQLAAT_TEAM,
  update: EQLAAT_TEAM,
  softDelete: EQLAAT_TEAM,
  restore: ADMINISTRATORS,
  delete: ADMINISTRATORS,
} as const;

/** The reference lists: the team reads them, administrators keep them. */
const LIST_ACCESS = {
  see: EQLAAT_TEAM,
  index: EQLAAT_TEAM,
  show: EQLAAT_TEAM,
  create: ADMINISTRATORS,
  update: ADMINISTRATORS,
  delete: ADMINISTRATORS,
} as const;

/** Seed 001 §4: the project status values. */
export const EQLAAT_PROJECT_STATUSES = [
  'pending',
  'needs_assessing',
  'testing',
  'funding',
  'getting_started',
  'following_up',
  'closed',
  'suspended',
  'stopped',
] as const;
export type EqlaatProjectStatus = (typeof EQLAAT_PROJECT_STATUSES)[number];

/** Seed 001 §4: "Display order: pending, needs_assessing, testing, funding, getting_started, suspended, following_up, closed, stopped." */
export const EQLAAT_STATUS_DISPLAY_ORDER: readonly EqlaatProjectStatus[] = [
  'pending',
  'needs_assessing',
  'testing',
  'funding',
  'getting_started',
  'suspended',
  'following_up',
  'closed',
  'stopped',
];

export type EqlaatColour = 'info' | 'success' | 'warning' | 'error' | 'neutral';

/** Seed 001 §4: "Colours: following_up info, closed success, suspended warning, stopped error." The others: neutral. */
export function eqlaatStatusColour(status: string): EqlaatColour {
  switch (status) {
    case 'following_up':
      return 'info';
    case 'closed':
      return 'success';
    case 'suspended':
      return 'warning';
    case 'stopped':
      return 'error';
    default:
      return 'neutral';
  }
}

/**
 * Statuses in their display order: the seed's nine first, in the seed's order, then those administrators added,
 * in the order given (a status the platform does not know keeps its place among the unknown).
 */
export function sortEqlaatStatuses<T>(statuses: readonly T[], idOf: (status: T) => string): T[] {
  const rank = (status: T) => {
    const i = EQLAAT_STATUS_DISPLAY_ORDER.indexOf(idOf(status) as EqlaatProjectStatus);
    return i === -1 ? EQLAAT_STATUS_DISPLAY_ORDER.length : i;
  };
  return statuses
    .map((status, index) => ({ status, index }))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.index - b.index)
    .map(({ status }) => status);
}

/** Seed 001 §9: "project short reason at 30" characters. */
export const PROJECT_SHORT_REASON_LENGTH = 30;

/** A project's reason cut to 30 characters for lists, with an ellipsis when cut (never inside a surrogate pair). */
export function shortReason(reason: string | null | undefined): string | null {
  if (!reason) return null;
  const characters = Array.from(reason.trim());
  if (characters.length <= PROJECT_SHORT_REASON_LENGTH) return characters.join('');
  return `${characters
    .slice(0, PROJECT_SHORT_REASON_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** How urgently the team takes a project in hand. */
export const EQLAAT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type EqlaatPriority = (typeof EQLAAT_PRIORITIES)[number];

const STATUS_NAMES: Record<EqlaatProjectStatus, string> = {
  pending: 'Pending',
  needs_assessing: 'Needs assessing',
  testing: 'Testing',
  funding: 'Funding',
  getting_started: 'Getting started',
  following_up: 'Following up',
  closed: 'Closed',
  suspended: 'Suspended',
  stopped: 'Stopped',
};

/**
 * A project status (seed 001 §3: name, canCombine): the seed's nine exist from the start under their ids, so steps
 * and rules can name them; administrators rename them and add their own. `canCombine` false: a step holding it
 * holds no other status.
 */
export const eqlaatProjectStatusResource = defineResource({
  type: 'eqlaat-project-statuses',
  singular: 'eqlaat-project-status',
  category: 'eqlaatprojectstatus',
  eventPrefix: 'EqlaatProjectStatus',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'flag' },
  attributes: z.object({ name, canCombine: z.boolean().default(true) }),
  traits: { translatable: ['name'] },
  fixedRows: {
    rows: EQLAAT_PROJECT_STATUSES.map((id) => ({
      id,
      // a project that ended (closed, stopped) or waits (suspended) is in no other status at once
      attributes: { name: STATUS_NAMES[id], canCombine: !['closed', 'stopped', 'suspended'].includes(id) },
    })),
    kept: EQLAAT_PROJECT_STATUSES,
  },
  access: LIST_ACCESS,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A category of projects (seed 001 §3: name): mobility, communication, housing... */
export const eqlaatProjectCategoryResource = defineResource({
  type: 'eqlaat-project-categories',
  singular: 'eqlaat-project-category',
  category: 'eqlaatprojectcategory',
  eventPrefix: 'EqlaatProjectCategory',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'category' },
  attributes: z.object({ name }),
  traits: { translatable: ['name'] },
  unique: ['name'],
  access: LIST_ACCESS,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * A patient's project (seed 001 §3 eqlaat-project): what the patient asked for (`request`, `reason`), the team's
 * description and note, when it is to be taken in hand (`manageAt`), its categories and the team members who
 * follow it (`users`). Its status is the statuses of its latest step (`latestStep`, kept from the steps' events);
 * its steps, appointments and reports name it.
 */
export const eqlaatProjectResource = defineResource({
  type: 'eqlaat-projects',
  singular: 'eqlaat-project',
  category: 'eqlaatproject',
  eventPrefix: 'EqlaatProject',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'assignment_ind' },
  attributes: z.object({
    title,
    priority: z.enum(EQLAAT_PRIORITIES).default('normal'),
    reason: z.string().trim().max(255).nullable().default(null),
    description: richText(z.string().max(100_000)).default(''),
    note: longText(20_000),
    request: longText(20_000),
    // a reference to the patient's record in the team's own files (a file number), never health data
    patientRecord: singleLine(z.string().trim().max(64).nullable().default(null)),
    manageAt: instant.nullable().default(null),
    metadata: z.record(z.string().max(64), z.unknown()).default({}),
  }),
  relationships: {
    categories: { type: 'eqlaat-project-categories', many: true },
    users: { type: 'users', many: true },
  },
  counts: {
    latestStep: { type: 'eqlaat-project-steps', via: 'project', kind: 'latest' },
    stepsCount: { type: 'eqlaat-project-steps', via: 'project', kind: 'count' },
    appointmentsCount: { type: 'eqlaat-appointments', via: 'project', kind: 'count' },
  },
  derived: { shortReason: (a) => shortReason(a.reason as string | null) },
  softDeletable: true,
  access: TEAM_ACCESS,
  filters: ['priority'],
  search: ['title', 'reason', 'patientRecord'],
  sorts: ['title', 'priority', 'manageAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'title',
});

/**
 * A step of a project (seed 001 §3 eqlaat-project-step): the statuses the project entered (`statuses`, a list of
 * project statuses), when (`doneAt`) and the team's comment. Read only by those who read its project.
 */
export const eqlaatProjectStepResource = defineResource({
  type: 'eqlaat-project-steps',
  singular: 'eqlaat-project-step',
  category: 'eqlaatprojectstep',
  eventPrefix: 'EqlaatProjectStep',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'timeline' },
  attributes: z.object({
    doneAt: instant.nullable().default(null),
    comment: longText(20_000),
  }),
  relationships: {
    project: { type: 'eqlaat-projects', required: true, immutable: true, readGate: true },
    statuses: { type: 'eqlaat-project-statuses', many: true },
  },
  access: TEAM_ACCESS,
  sorts: ['doneAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
});

/** Whether an appointment's end is after its start (both set, as the schema wants them). */
export function appointmentEndsAfterStart(startAt: string, endAt: string): boolean {
  return Date.parse(endAt) > Date.parse(startAt);
}

/**
 * An appointment with the patient (seed 001 §3 eqlaat-appointment): when and where, whether the patient (the
 * beneficiary) was invited, the project it belongs to, its report, and the team members who lead it (`managers`).
 * The team's calendar lists them by period (`filter[between]`).
 */
export const eqlaatAppointmentResource = defineResource({
  type: 'eqlaat-appointments',
  singular: 'eqlaat-appointment',
  category: 'eqlaatappointment',
  eventPrefix: 'EqlaatAppointment',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'event' },
  attributes: z.object({
    title,
    location: z.string().trim().max(500).nullable().default(null),
    startAt: instant,
    endAt: instant,
    beneficiaryInvited: z.boolean().default(false),
  }),
  relationships: {
    project: { type: 'eqlaat-projects' },
    report: { type: 'eqlaat-reports' },
    managers: { type: 'users', many: true },
  },
  invariants: (a) =>
    typeof a.startAt === 'string' &&
    typeof a.endAt === 'string' &&
    !appointmentEndsAfterStart(a.startAt, a.endAt)
      ? [{ attribute: 'endAt', detail: 'The end must be after the start.' }]
      : [],
  access: TEAM_ACCESS,
  listFilters: { between: { kind: 'overlaps', start: 'startAt', end: 'endAt' } },
  search: ['title', 'location'],
  sorts: ['startAt', 'title'],
  defaultSort: { field: 'startAt', direction: 'asc' },
  title: 'title',
});

/**
 * A report (seed 001 §3 eqlaat-report: title, content, reportable, files) on a project or an appointment. Its
 * files are secured files attached to it (the attachable trait: POST /services/secured-files), served only to
 * those who may update it; `GET /services/eqlaat-reports/{id}/show/pdf` gives it as a PDF (seed 000 §7).
 */
export const eqlaatReportResource = defineResource({
  type: 'eqlaat-reports',
  singular: 'eqlaat-report',
  category: 'eqlaatreport',
  eventPrefix: 'EqlaatReport',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'eqlaat', icon: 'summarize' },
  attributes: z.object({
    title,
    content: richText(z.string().max(200_000)).default(''),
  }),
  relationships: {
    reportable: {
      polymorphic: { types: ['eqlaat-projects', 'eqlaat-appointments'] },
      required: true,
      immutable: true,
    },
  },
  traits: { attachable: true },
  softDeletable: true,
  access: TEAM_ACCESS,
  search: ['title'],
  sorts: ['title'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'title',
});

/** The Eqlaat programme's record types, in the admin menu's order. */
export const eqlaatResources = [
  eqlaatProjectResource,
  eqlaatProjectStepResource,
  eqlaatAppointmentResource,
  eqlaatReportResource,
  eqlaatProjectStatusResource,
  eqlaatProjectCategoryResource,
] as const;

/** Where a report is served as a PDF, to those who may read it (seed 000 §7). */
export const eqlaatReportPdfPath = (id: string) => `/api/v1/services/eqlaat-reports/${id}/show/pdf`;
