import { ACCESS_LEVEL_WEIGHTS, type AccessLevel } from '../enums.ts';
import type { AccountFeatures } from './features.ts';

export interface AccessSubject {
  /** the user's own access level */
  accessLevel: AccessLevel | null;
  /** the user's organizations in the order they were joined, with their access levels */
  organizations: ReadonlyArray<{ id: string; accessLevel: AccessLevel | null }>;
  actingAsOrganizationId: string | null;
}

/**
 * The effective access level (seed 000 §6): when the organization features are on, the acting organization's
 * level replaces the user's; a user acting as nobody takes their first organization's level. An organization
 * without a level replaces nothing, and a user acting as an organization they no longer belong to gets no
 * organization level from it.
 */
export function effectiveAccessLevel(
  subject: AccessSubject,
  features: Pick<AccountFeatures, 'organizations' | 'userOrganizations'>,
): AccessLevel | null {
  if (!features.organizations || !features.userOrganizations) return subject.accessLevel;
  const acting =
    subject.actingAsOrganizationId !== null
      ? subject.organizations.find((o) => o.id === subject.actingAsOrganizationId)
      : undefined;
  const organization = acting ?? subject.organizations[0];
  return organization?.accessLevel ?? subject.accessLevel;
}

/** The weight the visibility filters compare (0 without a level). */
export function accessWeightOf(level: AccessLevel | null): number {
  return level === null ? 0 : ACCESS_LEVEL_WEIGHTS[level];
}
