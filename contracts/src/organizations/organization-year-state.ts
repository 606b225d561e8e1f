import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../accounts/rules.ts';
import { defineResource, type InvariantContext } from '../resources/definition.ts';

/** Seed 001 §4, §9: a year state is editable while its year is at least the current year minus one. */
export function firstEditableYear(now: Date): number {
  return now.getUTCFullYear() - 1;
}

/** The editable window's rule, on the year a state holds and the one it would hold. */
export function yearStateProblems(
  attributes: Record<string, unknown>,
  { now, previous }: InvariantContext,
): Array<{ attribute: string; detail: string }> {
  const first = firstEditableYear(now);
  if (previous && typeof previous.year === 'number' && previous.year < first)
    return [
      {
        attribute: 'year',
        detail: `The state of ${previous.year} can no longer be changed: years from ${first} on are editable`,
      },
    ];
  if (typeof attributes.year === 'number' && attributes.year < first)
    return [{ attribute: 'year', detail: `The year must be ${first} or later` }];
  return [];
}

/**
 * What an organization achieved in one year (seed 001 §3: year, achievements, organization): administrators keep
 * it, and only within the editable window (the current year and the one before).
 */
export const organizationYearStateResource = defineResource({
  type: 'organization-year-states',
  singular: 'organization-year-state',
  category: 'organizationyearstate',
  eventPrefix: 'OrganizationYearState',
  module: 'organizations',
  menu: { group: 'accounts', icon: 'event_note', feature: 'organizations' },
  attributes: z.object({
    year: z.number().int().min(1900).max(9999),
    achievements: z.record(z.string(), z.unknown()).default({}),
  }),
  relationships: { organization: { type: 'organizations', required: true } },
  invariants: yearStateProblems,
  access: {
    see: ADMINISTRATORS,
    index: ADMINISTRATORS,
    show: ADMINISTRATORS,
    create: ADMINISTRATORS,
    update: ADMINISTRATORS,
    delete: ADMINISTRATORS,
  },
  filters: ['year'],
  sorts: ['year'],
  // version 2: its table has the index of its descending default sort (issue 21's bench)
  version: 2,
  defaultSort: { field: 'year', direction: 'desc' },
  title: 'year',
});
