import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification.ts';

const site = { origin: 'https://commons.example', currentPath: '/account/profile' };
const link = (actionUrl: string | null, notificationType = 'rental-step') =>
  notificationLink({ notificationType, actionUrl }, site);

describe('notification links (seed 001 §6)', () => {
  it('makes a router link of a path or a URL of this site', () => {
    expect(link('/rentals/42?tab=steps')).toEqual({
      kind: 'internal',
      path: '/rentals/42?tab=steps',
      reload: false,
    });
    expect(link('https://commons.example/trainings/3#next')).toEqual({
      kind: 'internal',
      path: '/trainings/3#next',
      reload: false,
    });
  });

  it('makes an external link of another site, and no link of nothing or of a script', () => {
    expect(link('https://other.example/x')).toEqual({ kind: 'external', href: 'https://other.example/x' });
    expect(link(null)).toEqual({ kind: 'none' });
    expect(link('   ')).toEqual({ kind: 'none' });
    expect(link('javascript:alert(1)')).toEqual({ kind: 'none' });
  });

  it('reloads for an accepted validation request, and for a link to the current page', () => {
    expect(link('/account/dashboard', 'auth-accepted-validation-request')).toMatchObject({ reload: true });
    expect(link('/account/profile?section=emails')).toMatchObject({ reload: true });
  });
});
