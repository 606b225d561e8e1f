import { describe, expect, it } from 'vitest';
import { anonymousViewer, bootstrapAdminViewer, type Viewer } from '@platform/infra/http/viewer';
import { visibilityClause } from './visibility.ts';

const member: Viewer = {
  userId: 'u-1',
  roles: ['contributor', 'rental_admin'],
  accessWeight: 300,
  isAdmin: false,
};
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('visibilityClause', () => {
  it('lets an anonymous viewer see only open, role-free, not-deleted rows', () => {
    const clause = visibilityClause(anonymousViewer);
    expect(squash(clause.sql)).toBe(
      '("deleted_at" is null and "requires_auth" = false and ("access_level_weight" is null or "access_level_weight" <= $slonik_1) and coalesce(cardinality("roles"), 0) = 0)',
    );
    expect(clause.values).toEqual([0]);
  });

  it('checks a member against their access weight and roles, not requires_auth', () => {
    const clause = visibilityClause(member, { alias: 'p' });
    expect(squash(clause.sql)).toBe(
      '("p"."deleted_at" is null and ("p"."access_level_weight" is null or "p"."access_level_weight" <= $slonik_1) and (coalesce(cardinality("p"."roles"), 0) = 0 or "p"."roles" && $slonik_2::"text"[]))',
    );
    expect(clause.values).toEqual([300, ['contributor', 'rental_admin']]);
  });

  it('never shows soft-deleted rows to a non-admin, even when asked to include them', () => {
    expect(visibilityClause(member, { deleted: 'include' }).sql).toContain('"deleted_at" is null');
  });

  it('lets an admin see everything but soft-deleted rows, and those too on request', () => {
    expect(visibilityClause(bootstrapAdminViewer).sql).toBe('"deleted_at" is null');
    expect(visibilityClause(bootstrapAdminViewer, { deleted: 'include' }).sql).toBe('true');
  });
});
