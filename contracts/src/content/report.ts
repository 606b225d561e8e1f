import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { ADMINISTRATORS, allows, type AccessRule, type ViewerFacts } from '../resources/access.ts';
import { defineResource, type WorkflowEvents } from '../resources/definition.ts';

/** Why a member reports a record (seed 001 §3 names the field, not its values). */
export const REPORT_REASONS = ['spam', 'abuse', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How a report is resolved (issue 21 §3.3): dismissed, or the reported record removed (soft-deleted). */
export const REPORT_RESOLUTIONS = ['dismissed', 'removed'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** A publisher's decision on a report, on the report's own stream (command-api/src/content/report-resolution.ts). */
export const ReportResolved = defineEvent(
  'ReportResolved',
  z.object({
    reportId: z.string().uuid(),
    resolution: z.enum(REPORT_RESOLUTIONS),
    note: z.string().trim().max(2000).nullable(),
    resolvedAt: z.string().datetime({ offset: true }),
    by: z.string().min(1).max(100),
  }),
);

export const reportResolutionEventContracts: EventContract[] = [ReportResolved];

/**
 * Who moderates the reports queue (issue 21): resolves a report, dismissing it or removing the reported record.
 * The reports are read by the same viewers (`reportResource.access`); the removal is their act on the record,
 * whatever its own soft-delete rule (ADR 0037).
 */
export const REPORT_MODERATORS: AccessRule = ADMINISTRATORS;

/** The body of a resolution: POST /services/reports/{id}/resolve. */
export const ReportResolveSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS),
  note: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .default(null)
    .transform((note) => (note === '' ? null : note)),
});

/** What a report's screen shows its viewer: Dismiss and Remove while it is unresolved, for the moderators. */
export function allowedReportActions(
  report: { resolvedAt: string | null },
  viewer: ViewerFacts,
): ReportResolution[] {
  if (report.resolvedAt !== null || !allows(REPORT_MODERATORS, viewer)) return [];
  return ['dismissed', 'removed'];
}

/** The resolution in the report's history: its kind word and what it set. */
const REPORT_WORKFLOW: WorkflowEvents = {
  types: [ReportResolved.type],
  kind: () => 'reportResolved',
  fields: ({ data }) => {
    const d = (data ?? {}) as Record<string, unknown>;
    return {
      resolution: d.resolution ?? null,
      resolutionNote: d.note ?? null,
      resolvedAt: d.resolvedAt ?? null,
    };
  },
};

/**
 * A report (seed 001 §3: reason, details, url, reportable) of a record of a type with the reportable trait: made
 * by a signed-in member about a record they can read, read and deleted by administrators only. ADR 0025.
 */
export const reportResource = defineResource({
  type: 'reports',
  singular: 'report',
  category: 'report',
  eventPrefix: 'Report',
  module: 'content',
  menu: { group: 'community', icon: 'flag' },
  attributes: z.object({
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(2000).nullable().default(null),
    // the page the member reported from
    url: z.string().trim().url().max(2048).nullable().default(null),
  }),
  relationships: {
    reportable: { polymorphic: { trait: 'reportable' }, required: true, immutable: true },
  },
  // kept from ReportResolved by the moderation workflow's projection handlers: null while unresolved
  computed: { resolvedAt: 'datetime', resolution: 'enum' },
  workflowEvents: REPORT_WORKFLOW,
  access: {
    see: ADMINISTRATORS,
    index: ADMINISTRATORS,
    show: ADMINISTRATORS,
    create: 'signedIn',
    delete: ADMINISTRATORS,
  },
  // version 2: the resolution's columns (issue 21)
  version: 2,
  filters: ['reason'],
  // the moderators' queue: filter[resolved]=false keeps the reports still waiting (the back office opens on them)
  listFilters: { resolved: { kind: 'present', attributes: ['resolvedAt'] } },
  sorts: ['reason'],
  title: 'reason',
});
