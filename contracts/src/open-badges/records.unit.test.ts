import { describe, expect, it } from 'vitest';
import { allows, isRowRule, type RecordFacts, type ViewerFacts } from '../resources/access.ts';
import { recordFacts } from '../resources/state.ts';
import { nextBadgeVersion, OPEN_BADGE_KEEPERS, openBadgeResource } from './records.ts';

const id = (n: number) => `0e6f7c52-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mod = (n: number, position: number) => ({ id: id(n), position, title: `Module ${n}`, content: '' });

describe('open badge records', () => {
  it('keep modules whose positions run from 1 to n, stored in position order', () => {
    const parsed = openBadgeResource.attributes.parse({
      title: 'Switch access',
      modules: [mod(2, 2), mod(1, 1)],
    });
    expect(parsed.modules.map((m) => m.position)).toEqual([1, 2]);
    expect(parsed).toMatchObject({ version: '1', validityDuration: null, description: '' });
    expect(openBadgeResource.attributes.parse({ title: 'Empty' }).modules).toEqual([]);
  });

  it('refuse a position outside 1..n, a position twice and an id twice, each on its module’s field', () => {
    const paths = (modules: unknown[]) =>
      openBadgeResource.attributes
        .safeParse({ title: 'T', modules })
        .error?.issues.map((issue) => issue.path.join('/'));
    expect(paths([mod(1, 1), mod(2, 3)])).toEqual(['modules/1/position']);
    expect(paths([mod(1, 1), mod(2, 1)])).toEqual(['modules/1/position']);
    expect(paths([mod(1, 1), mod(1, 2)])).toEqual(['modules/1/id']);
    expect(paths([{ ...mod(1, 1), title: ' ' }])).toEqual(['modules/0/title']);
    expect(paths([{ ...mod(1, 0) }])).toEqual(['modules/0/position']);
    expect(paths(Array.from({ length: 51 }, (_, i) => mod(i + 1, i + 1)))).toContain('modules');
    // an update names the modules too: the same rules
    expect(openBadgeResource.patch.safeParse({ modules: [mod(1, 2)] }).success).toBe(false);
  });

  it('let administrators and the badge organization’s issuers keep it, nobody else', () => {
    const org = id(100);
    const environment = { openBadgeIssuerAccessLevel: 'member_level_1' as const };
    const viewer = (weight: number, acting: string | null, admin = false): ViewerFacts => ({
      userId: id(200),
      roles: admin ? ['admin'] : [],
      accessWeight: weight,
      isAdmin: admin,
      actingAsOrganizationId: acting,
      environment,
    });
    const badge: RecordFacts = recordFacts(openBadgeResource, {
      createdBy: id(300),
      relationships: { organization: org },
    });
    expect(isRowRule(OPEN_BADGE_KEEPERS)).toBe(true);
    expect(allows(OPEN_BADGE_KEEPERS, viewer(300, org), badge)).toBe(true);
    expect(allows(OPEN_BADGE_KEEPERS, viewer(300, id(101)), badge)).toBe(false);
    expect(allows(OPEN_BADGE_KEEPERS, viewer(200, org), badge)).toBe(false);
    expect(allows(OPEN_BADGE_KEEPERS, viewer(0, null, true), badge)).toBe(true);
    // the badge's creator acting as another organization keeps it no more
    const creator = { ...viewer(300, id(101)), userId: id(300) };
    expect(allows(OPEN_BADGE_KEEPERS, creator, badge)).toBe(false);
    // without a record (a create, a button): an issuer could
    expect(allows(OPEN_BADGE_KEEPERS, viewer(300, org))).toBe(true);
    expect(allows(OPEN_BADGE_KEEPERS, viewer(300, null))).toBe(false);
    expect(openBadgeResource.access.show).toBe('everyone');
  });

  it('number a next version', () => {
    expect(nextBadgeVersion('1')).toBe('2');
    expect(nextBadgeVersion('1.3')).toBe('1.4');
    expect(nextBadgeVersion('2.9')).toBe('2.10');
    expect(nextBadgeVersion('2024-a')).toBe('2024-a.1');
    expect(nextBadgeVersion('v1')).toBe('v1.1');
  });
});
