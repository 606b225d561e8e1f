import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/**
 * An origin whose statistics records are dropped (seed 001 §3 stats-banned-origin: description, originSignature,
 * origin): by the origin it sends (`https://scraper.example`), or by a client's signature, the visitor key the
 * statistics show for it (`visitor:3f2a…`), to stop one flooding client without knowing its address. ADR 0038.
 */
export const statsBannedOriginResource = defineResource({
  type: 'stats-banned-origins',
  singular: 'stats-banned-origin',
  category: 'statsbannedorigin',
  eventPrefix: 'StatsBannedOrigin',
  module: 'stats',
  menu: { group: 'statistics', icon: 'block' },
  attributes: z.object({
    description: z.string().trim().max(2000).nullable().default(null),
    origin: z
      .string()
      .trim()
      .toLowerCase()
      .max(200)
      .regex(/^(?:https?:\/\/[^/\s]+|direct)$/, 'An origin is scheme and host, as https://example.org')
      .nullable()
      .default(null),
    originSignature: z.string().trim().max(100).nullable().default(null),
  }),
  // a ban names what it drops
  invariants: (attributes) =>
    attributes.origin === null && attributes.originSignature === null
      ? [{ attribute: 'origin', detail: 'Name the origin, or the client signature, to ban' }]
      : [],
  access: {
    see: ADMINISTRATORS,
    index: ADMINISTRATORS,
    show: ADMINISTRATORS,
    create: ADMINISTRATORS,
    update: ADMINISTRATORS,
    delete: ADMINISTRATORS,
  },
  filters: ['origin', 'originSignature'],
  search: ['description', 'origin', 'originSignature'],
  title: 'origin',
});
