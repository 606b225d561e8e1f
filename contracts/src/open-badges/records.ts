import { z } from 'zod/v4';
import { APP_ADMINS, both, either, type AccessRule } from '../resources/access.ts';
import { defineResource, type RecordOf } from '../resources/definition.ts';
import { file } from '../resources/files.ts';
import { OPEN_BADGE_ISSUERS } from './issuer.ts';

/**
 * The open badges (issue 20, seed 001 "### Open badges") on the resource layer: a badge an issuer organization
 * trains members for and awards, with its ordered training modules. Everyone reads a badge once it is published;
 * the issuers (issuer.ts: acting as an organization that reaches the environment's threshold) keep their own
 * organization's badges, administrators every badge. The type depends on the open badges feature
 * (FEATURE_OPEN_BADGES): with it off, its routes answer 404 and its menu entry is left out. Sessions and
 * assertions are workflows of their own.
 */

/** At most this many modules in one badge. */
export const OPEN_BADGE_MODULES_MAX = 50;

/** One training module of a badge: kept in the badge's own stream, saved with it. */
export const OpenBadgeModuleSchema = z
  .object({
    id: z.string().uuid(),
    /** 1..n, unique within the badge: the order a session goes through them */
    position: z.number().int().min(1).max(OPEN_BADGE_MODULES_MAX),
    title: z.string().trim().min(1).max(255),
    content: z.string().max(100_000).default(''),
  })
  .strict();
export type OpenBadgeModule = z.infer<typeof OpenBadgeModuleSchema>;

/**
 * A badge's modules: positions run from 1 to the number of modules, each once, and ids are unique (each problem
 * on its module's field, so a 422 points at /data/attributes/modules/<index>/<field>); stored in position order.
 */
export const OpenBadgeModulesSchema = z
  .array(OpenBadgeModuleSchema)
  .max(OPEN_BADGE_MODULES_MAX)
  .superRefine((modules, context) => {
    const positions = new Map<number, number>();
    const ids = new Map<string, number>();
    modules.forEach((module, index) => {
      if (module.position > modules.length)
        context.addIssue({
          code: 'custom',
          path: [index, 'position'],
          message: `positions run from 1 to ${modules.length}, the number of modules`,
        });
      else if (positions.has(module.position))
        context.addIssue({
          code: 'custom',
          path: [index, 'position'],
          message: `position ${module.position} is already module ${positions.get(module.position)! + 1}'s`,
        });
      else positions.set(module.position, index);
      if (ids.has(module.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `id ${module.id} is already module ${ids.get(module.id)! + 1}'s`,
        });
      else ids.set(module.id, index);
    });
  })
  .transform((modules) => [...modules].sort((a, b) => a.position - b.position));

/** Keeping one badge: administrators, or an issuer acting as the badge's own organization. */
export const OPEN_BADGE_KEEPERS: AccessRule = either(APP_ADMINS, both(OPEN_BADGE_ISSUERS, 'organization'));

export const openBadgeResource = defineResource({
  type: 'open-badges',
  singular: 'open-badge',
  category: 'openbadge',
  eventPrefix: 'OpenBadge',
  module: 'openBadges',
  feature: 'openBadges',
  menu: { group: 'openBadges', icon: 'workspace_premium' },
  attributes: z.object({
    title: z.string().trim().min(1).max(255),
    description: z.string().max(20_000).default(''),
    version: z.string().trim().min(1).max(20).default('1'),
    /** in days; null: the badge never expires */
    validityDuration: z.number().int().min(1).max(36_500).nullable().default(null),
    modules: OpenBadgeModulesSchema.default([]),
  }),
  relationships: {
    image: file({ family: 'image' }),
    criteriaFile: file({ family: 'doc' }),
    // the issuer: the organization its creator acted as (publicationItem), never moved to another one
    organization: { type: 'organizations', immutable: true },
    // the versions' chain, kept by POST /services/open-badges/badges/{id}/new-version
    previousBadge: { type: 'open-badges', readOnly: true },
    newestBadge: { type: 'open-badges', readOnly: true },
  },
  // kept by the assertions' projection (AssertionIssued / Revoked): the badge's live assertions
  computed: { assertionsCount: 'integer' },
  traits: { publishable: true, publicationItem: true },
  softDeletable: true,
  access: {
    see: either(APP_ADMINS, OPEN_BADGE_ISSUERS),
    index: 'everyone',
    show: 'everyone',
    create: OPEN_BADGE_KEEPERS,
    update: OPEN_BADGE_KEEPERS,
    delete: OPEN_BADGE_KEEPERS,
    softDelete: OPEN_BADGE_KEEPERS,
    restore: OPEN_BADGE_KEEPERS,
  },
  filters: ['version'],
  search: ['title', 'description'],
  sorts: ['title'],
  defaultSort: { field: 'title', direction: 'asc' },
  title: 'title',
  globalSearch: { title: 'title', description: 'description', path: { component: 'open-badges', key: 'id' } },
});

export type OpenBadgeRecord = RecordOf<typeof openBadgeResource>;

/** The open badges records, in their admin menu order. */
export const openBadgeResources = [openBadgeResource] as const;

/**
 * The version of a badge's next version: the last number of a dotted numeric version goes up by one ("1" -> "2",
 * "1.3" -> "1.4"); any other version gets ".1" appended ("2024-a" -> "2024-a.1"); cut to the 20 characters a
 * version holds.
 */
export function nextBadgeVersion(version: string): string {
  const trimmed = version.trim();
  const next = /^\d+(\.\d+)*$/.test(trimmed)
    ? trimmed.replace(/(\d+)$/, (last) => String(BigInt(last) + 1n))
    : `${trimmed}.1`;
  return next.slice(0, 20);
}
