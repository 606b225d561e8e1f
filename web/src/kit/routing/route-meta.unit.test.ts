import { describe, expect, it } from 'vitest';
import { collapseSlashes } from './router.tsx';
import { routeMeta, safeRedirectUrl } from './route-meta.ts';

describe('routeMeta', () => {
  it('gives public forms, unsubscribe and print pages a bare layout', () => {
    for (const p of [
      '/services/forms/12',
      '/services/aforms/0f000000-0000-4000-8000-0000000000a1/Zx8_q2Lm-Rt5vW9yB3nD6fH1jK4pS7uA/2',
      '/services/light-users/unsubscribe/0b7f5f2e-6d0c-4d38-9d59-3c0f3f0f2a11',
      '/services/unsubscribe/a@b.c',
      '/services/unsubscribe/a%40b.c',
      '/services/internals/print',
    ]) {
      expect(routeMeta(p)).toMatchObject({ hideNavigation: true, hideFooter: true, hideAccessibility: true });
    }
  });
  it('keeps the full layout elsewhere and marks the admin area', () => {
    expect(routeMeta('/')).toEqual({
      hideNavigation: false,
      hideFooter: false,
      hideAccessibility: false,
      admin: false,
    });
    expect(routeMeta('/services/formsx').hideNavigation).toBe(false);
    expect(routeMeta('/admin/dashboard').admin).toBe(true);
    expect(routeMeta('/administration').admin).toBe(false);
  });
});

describe('safeRedirectUrl', () => {
  it('accepts site paths only', () => {
    expect(safeRedirectUrl('/account/profile?x=1')).toBe('/account/profile?x=1');
    expect(safeRedirectUrl('//evil.example/x')).toBeNull();
    expect(safeRedirectUrl('/\\evil.example')).toBeNull();
    expect(safeRedirectUrl('https://evil.example')).toBeNull();
    expect(safeRedirectUrl(['/a'])).toBeNull();
    expect(safeRedirectUrl(undefined)).toBeNull();
  });
});

describe('collapseSlashes', () => {
  it('rewrites runs of slashes in the path, not in the query or hash', () => {
    expect(collapseSlashes('//about//team/')).toBe('/about/team/');
    expect(collapseSlashes('/a//b?next=//x#//y')).toBe('/a/b?next=//x#//y');
  });
});
