import { describe, expect, it } from 'vitest';
import { allows, type ViewerFacts } from '../resources/access.ts';
import { mayIssueOpenBadges, OPEN_BADGE_ISSUERS } from './issuer.ts';

const ORG = '4b0c3c1e-0000-4000-8000-000000000001';
const member = (weight: number, acting: string | null = ORG): ViewerFacts => ({
  userId: '4b0c3c1e-0000-4000-8000-00000000000a',
  roles: [],
  accessWeight: weight,
  isAdmin: false,
  actingAsOrganizationId: acting,
});

describe('the open badge issuer rule', () => {
  it('lets a member acting as an organization issue from the threshold’s weight up', () => {
    const threshold = { openBadgeIssuerAccessLevel: 'member_level_1' as const };
    expect(mayIssueOpenBadges(member(300), threshold)).toBe(true);
    expect(mayIssueOpenBadges(member(400), threshold)).toBe(true);
    expect(mayIssueOpenBadges(member(299), threshold)).toBe(false);
    expect(mayIssueOpenBadges(member(200), { openBadgeIssuerAccessLevel: 'friendly_member' })).toBe(true);
  });

  it('refuses a member acting as nobody, a visitor, and everybody while the threshold is unset', () => {
    const threshold = { openBadgeIssuerAccessLevel: 'contact' as const };
    expect(mayIssueOpenBadges(member(400, null), threshold)).toBe(false);
    expect(mayIssueOpenBadges({ ...member(400), userId: null }, threshold)).toBe(false);
    expect(mayIssueOpenBadges(member(400), { openBadgeIssuerAccessLevel: null })).toBe(false);
    expect(mayIssueOpenBadges(member(400), {})).toBe(false);
  });

  it('does not make administrators issuers: the records’ access lets them keep badges besides', () => {
    const admin = { ...member(400, null), roles: ['admin' as const], isAdmin: true };
    expect(mayIssueOpenBadges(admin, { openBadgeIssuerAccessLevel: 'contact' })).toBe(false);
  });

  it('is the layer’s rule: read from the environment the viewer carries, nobody without one', () => {
    const viewer = member(400);
    expect(allows(OPEN_BADGE_ISSUERS, viewer)).toBe(false);
    expect(
      allows(OPEN_BADGE_ISSUERS, {
        ...viewer,
        environment: { openBadgeIssuerAccessLevel: 'member_level_2' },
      }),
    ).toBe(true);
    // the threshold the rule is given wins over one the viewer carried
    const carried = { ...viewer, environment: { openBadgeIssuerAccessLevel: 'contact' as const } };
    expect(mayIssueOpenBadges(carried, { openBadgeIssuerAccessLevel: null })).toBe(false);
  });
});
