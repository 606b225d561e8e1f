import { z } from 'zod';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/** Why a member reports a record (seed 001 §3 names the field, not its values). */
export const REPORT_REASONS = ['spam', 'abuse', 'inappropriate', 'other'] as const;

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
  access: {
    see: ADMINISTRATORS,
    index: ADMINISTRATORS,
    show: ADMINISTRATORS,
    create: 'signedIn',
    delete: ADMINISTRATORS,
  },
  filters: ['reason'],
  sorts: ['reason'],
  title: 'reason',
});
