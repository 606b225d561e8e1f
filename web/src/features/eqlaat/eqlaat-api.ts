import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ListMetaSchema } from '../../kit/admin/list-meta.ts';
import {
  includedRecord,
  indexIncluded,
  relatedTitle,
  type IncludedIndex,
} from '../../kit/admin/resources/record-title.ts';
import { betweenFilter, type Person, type Week } from './calendar-week.ts';

/**
 * What the team's screens read, through the resource API as the back office reads it: a week's appointments
 * (`filter[between]`, with their managers and projects), one appointment with its report, and a step's statuses.
 */

const Ref = z.object({ type: z.string(), id: z.string() });
const ToOne = z.object({ data: Ref.nullable() }).optional();
const ToMany = z.object({ data: z.array(Ref) }).optional();
const Included = z
  .array(
    z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()).optional() }),
  )
  .optional();

const AppointmentSchema = z.object({
  type: z.literal('eqlaat-appointments'),
  id: z.string(),
  attributes: z.object({
    title: z.string(),
    location: z.string().nullable().optional(),
    startAt: z.string(),
    endAt: z.string(),
    beneficiaryInvited: z.boolean().optional(),
  }),
  relationships: z.object({ project: ToOne, report: ToOne, managers: ToMany }).optional(),
});
const AppointmentListSchema = z.object({
  data: z.array(AppointmentSchema),
  included: Included,
  meta: ListMetaSchema,
});
const AppointmentDocumentSchema = z.object({ data: AppointmentSchema, included: Included });

/** A related record as the calendar names it: its title when the reader may read it, else null. */
export interface Related {
  id: string;
  title: string | null;
}

export interface Appointment {
  id: string;
  title: string;
  location: string | null;
  startAt: string;
  endAt: string;
  beneficiaryInvited: boolean;
  project: Related | null;
  report: Related | null;
  /** by the names the document gives them (a manager it did not include keeps an empty name) */
  managers: Person[];
}

function relatedOf(ref: z.infer<typeof Ref> | null | undefined, included: IncludedIndex): Related | null {
  if (!ref) return null;
  const found = includedRecord(ref.type, ref.id, included);
  return { id: ref.id, title: found ? relatedTitle(ref.type, ref.id, found.attributes) : null };
}

function toAppointment(data: z.infer<typeof AppointmentSchema>, included: IncludedIndex): Appointment {
  const a = data.attributes;
  const r = data.relationships;
  return {
    id: data.id,
    title: a.title,
    location: a.location?.trim() ? a.location : null,
    startAt: a.startAt,
    endAt: a.endAt,
    beneficiaryInvited: a.beneficiaryInvited === true,
    project: relatedOf(r?.project?.data, included),
    report: relatedOf(r?.report?.data, included),
    managers: (r?.managers?.data ?? []).map((m) => {
      const found = includedRecord(m.type, m.id, included);
      return { id: m.id, name: found ? relatedTitle(m.type, m.id, found.attributes) : '' };
    }),
  };
}

/** The largest page the resource API gives (query-api's page[size] bound). */
export const WEEK_PAGE_SIZE = 100;
/** A week of more than this many appointments is shown up to it: 2,000 appointments in a week is not a team's. */
const WEEK_MAX_PAGES = 20;

const endpoints = recordEndpoints('eqlaat-appointments');

/** Every appointment that overlaps the week (those the reader may read), by start, with managers and projects. */
export async function readWeekAppointments(
  api: ApiClient,
  week: Week,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const appointments = new Map<string, Appointment>();
  for (let page = 1; page <= WEEK_MAX_PAGES; page++) {
    const doc = await api.call(endpoints.list, {
      schema: AppointmentListSchema,
      query: {
        'filter[between]': betweenFilter(week),
        sort: 'startAt',
        include: 'managers,project',
        'fields[eqlaat-projects]': 'title',
        'fields[users]': 'firstName,lastName',
        'page[size]': String(WEEK_PAGE_SIZE),
        'page[number]': String(page),
      },
      signal,
    });
    const included = indexIncluded(doc.included);
    for (const data of doc.data) appointments.set(data.id, toAppointment(data, included));
    if (page >= doc.meta.page.totalPages || doc.data.length < WEEK_PAGE_SIZE) break;
  }
  return [...appointments.values()];
}

/** One appointment, with its project, report and managers named. */
export async function readAppointment(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Appointment> {
  const doc = await api.call(endpoints.find, {
    params: { id },
    schema: AppointmentDocumentSchema,
    query: {
      include: 'managers,project,report',
      'fields[eqlaat-projects]': 'title',
      'fields[eqlaat-reports]': 'title',
      'fields[users]': 'firstName,lastName',
    },
    signal,
  });
  return toAppointment(doc.data, indexIncluded(doc.included));
}

const StepSchema = z.object({
  data: z.object({
    type: z.literal('eqlaat-project-steps'),
    id: z.string(),
    attributes: z.object({ doneAt: z.string().nullable().optional(), createdAt: z.string().optional() }),
    relationships: z.object({ statuses: ToMany }).optional(),
  }),
  included: Included,
});

export interface StepStatus {
  id: string;
  name: string;
}

export interface ProjectStep {
  id: string;
  /** when the step was done, else when it was written */
  at: string | null;
  /** in the order the step names them (sortEqlaatStatuses puts them in display order) */
  statuses: StepStatus[];
}

/** A step of a project, with the names of the statuses it entered. */
export async function readStep(api: ApiClient, id: string, signal?: AbortSignal): Promise<ProjectStep> {
  const doc = await api.call(recordEndpoints('eqlaat-project-steps').find, {
    params: { id },
    schema: StepSchema,
    query: { include: 'statuses', 'fields[eqlaat-project-statuses]': 'name' },
    signal,
  });
  const included = indexIncluded(doc.included);
  return {
    id: doc.data.id,
    at: doc.data.attributes.doneAt ?? doc.data.attributes.createdAt ?? null,
    statuses: (doc.data.relationships?.statuses?.data ?? []).map((s) => ({
      id: s.id,
      name: relatedTitle(s.type, s.id, includedRecord(s.type, s.id, included)?.attributes),
    })),
  };
}
