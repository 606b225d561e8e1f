import { describe, expect, it } from 'vitest';
import { anonymousViewer, bootstrapAdminViewer, type Viewer } from '@platform/infra/http/viewer';
import { visibilityKey } from './read-cache.ts';

const member = (overrides: Partial<Viewer> = {}): Viewer => ({
  userId: 'u-1',
  roles: [],
  accessWeight: 20,
  isAdmin: false,
  ...overrides,
});

describe('visibilityKey', () => {
  it('is the same for viewers who see the same rows, whoever they are', () => {
    expect(visibilityKey(member({ userId: 'u-1' }))).toBe(visibilityKey(member({ userId: 'u-2' })));
    expect(visibilityKey(member({ roles: ['contributor', 'app_admin'] }))).toBe(
      visibilityKey(member({ roles: ['app_admin', 'contributor'] })),
    );
    expect(visibilityKey(bootstrapAdminViewer)).toBe(
      visibilityKey(member({ isAdmin: true, roles: ['admin'] })),
    );
  });

  it('differs with sign-in, access level weight, roles and administration', () => {
    const keys = [
      visibilityKey(anonymousViewer),
      visibilityKey(member({ accessWeight: 0 })),
      visibilityKey(member({ accessWeight: 20 })),
      visibilityKey(member({ roles: ['contributor'] })),
      visibilityKey(bootstrapAdminViewer),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
