/*
 * The platform's fixed lists. No zod here: the web's first screen takes them, and a module it takes must hand no
 * schema to the screens after it (Rollup keeps a module's exports in the chunk that holds it; ADR 0047). Their
 * schemas are beside them (access-level.ts).
 */

export const LOCALES = ['en', 'fr', 'it', 'es', 'ca', 'da', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

export const ROLES = [
  'app_admin',
  'admin',
  'organization_admin',
  'contributor',
  'eqlaat_member',
  'rental_admin',
  'aac_moderator',
] as const;
export type Role = (typeof ROLES)[number];

/** member_level_1 = 300 is fixed by the specification; the other weights are this platform's choice (ADR 0003). */
export const ACCESS_LEVEL_WEIGHTS = {
  contact: 100,
  potential_member: 150,
  friendly_member: 200,
  member_level_1: 300,
  member_level_2: 400,
} as const;
export type AccessLevel = keyof typeof ACCESS_LEVEL_WEIGHTS;
export const ACCESS_LEVELS = Object.keys(ACCESS_LEVEL_WEIGHTS) as AccessLevel[];
