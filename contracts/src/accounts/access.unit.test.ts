import { describe, expect, it } from 'vitest';
import { accessWeightOf, effectiveAccessLevel, type AccessSubject } from './access.ts';

const on = { organizations: true, userOrganizations: true };
const lab = { id: 'lab', accessLevel: 'member_level_2' as const };
const club = { id: 'club', accessLevel: 'friendly_member' as const };
const bare = { id: 'bare', accessLevel: null };
const subject = (over: Partial<AccessSubject>): AccessSubject => ({
  accessLevel: 'contact',
  organizations: [],
  actingAsOrganizationId: null,
  ...over,
});

describe('effective access level (seed 000 §6)', () => {
  it("is the user's own level without organizations", () => {
    expect(effectiveAccessLevel(subject({}), on)).toBe('contact');
    expect(effectiveAccessLevel(subject({ accessLevel: null }), on)).toBeNull();
  });

  it("takes the acting organization's level, even when lower than the user's", () => {
    const s = subject({
      accessLevel: 'member_level_2',
      organizations: [lab, club],
      actingAsOrganizationId: 'club',
    });
    expect(effectiveAccessLevel(s, on)).toBe('friendly_member');
  });

  it('takes the first organization when acting as none', () => {
    expect(effectiveAccessLevel(subject({ organizations: [club, lab] }), on)).toBe('friendly_member');
    expect(effectiveAccessLevel(subject({ organizations: [lab, club] }), on)).toBe('member_level_2');
  });

  it('falls back to the first organization when the acting one is not among the memberships', () => {
    expect(effectiveAccessLevel(subject({ organizations: [club], actingAsOrganizationId: 'gone' }), on)).toBe(
      'friendly_member',
    );
  });

  it("keeps the user's level when the organization has none", () => {
    expect(
      effectiveAccessLevel(subject({ organizations: [bare, lab], actingAsOrganizationId: 'bare' }), on),
    ).toBe('contact');
  });

  it('ignores organizations when either organization feature is off', () => {
    const s = subject({ organizations: [lab], actingAsOrganizationId: 'lab' });
    expect(effectiveAccessLevel(s, { organizations: false, userOrganizations: true })).toBe('contact');
    expect(effectiveAccessLevel(s, { organizations: true, userOrganizations: false })).toBe('contact');
  });

  it('weighs levels, member_level_1 being 300', () => {
    expect(accessWeightOf('member_level_1')).toBe(300);
    expect(accessWeightOf(null)).toBe(0);
  });
});
