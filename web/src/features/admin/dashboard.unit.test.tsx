import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../frame/testing/render-app.tsx';
import {
  consentDecided,
  listMeta,
  meDocument,
  notFound,
  route,
  FIRST_RENDER,
} from '../../kit/admin/admin-testing.ts';
import { canUseDashboard } from '../../kit/admin/access.ts';

const pendingCount = (total: number) =>
  route('GET', '/api/v1/validation-requests', () => fakeJson(200, { data: [], meta: listMeta(total, 1, 1) }));
const usersCount = (total: number) =>
  route('GET', '/api/v1/users', () => fakeJson(200, { data: [], meta: listMeta(total, 1, 1) }));
const mailbox = (available: boolean) =>
  route('GET', '/api/v1/dev/mailbox', () =>
    available ? fakeJson(200, { data: [], meta: listMeta(4, 1, 50) }) : notFound(),
  );

const ORG = '0a000000-0000-4000-8000-0000000000d1';

/** A validated member with no role, acting as an organization of the given weight. */
function actingMember(weight: number) {
  const me = meDocument({ roles: [] });
  (me.data.relationships as Record<string, unknown>).actingAsOrganization = {
    data: { type: 'organizations', id: ORG },
  };
  return { ...me, meta: { effectiveAccessWeight: weight } };
}

/** The open badge issuers' threshold of the environment: member_level_1 (weight 300). */
const ISSUER_THRESHOLD = { openBadgeIssuerAccessLevel: 'member_level_1' };

describe('who may use the dashboard (seed 000 §2.10 rule 7, §6)', () => {
  it('is anyone with a role, or a validated user when validation requests are on', () => {
    expect(canUseDashboard({ roles: ['contributor'], validated: true }, { validationRequests: false })).toBe(
      true,
    );
    expect(canUseDashboard({ roles: [], validated: true }, { validationRequests: true })).toBe(true);
    expect(canUseDashboard({ roles: [], validated: true }, { validationRequests: false })).toBe(false);
  });
});

describe('the dashboard', () => {
  it('welcomes an administrator with the pending requests, the users, the dev mailbox and the profile', async () => {
    consentDecided();
    renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [pendingCount(2), mailbox(true)],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('Welcome, Grace Hopper. Here is what you can do.')).toBeTruthy();
    expect(await screen.findByText('2 requests are waiting for a decision.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review the validation requests' }).getAttribute('href')).toBe(
      '/admin/validation-requests',
    );
    expect(screen.getByRole('link', { name: 'Open the users list' }).getAttribute('href')).toBe(
      '/admin/users',
    );
    expect((await screen.findByRole('link', { name: 'Open the dev mailbox' })).getAttribute('href')).toBe(
      '/admin/dev/mailbox',
    );
    expect(screen.getByRole('link', { name: 'Open my profile' }).getAttribute('href')).toBe(
      '/account/profile',
    );
    await waitFor(() => expect(document.title).toMatch(/^Dashboard \|/));
  });

  it('offers no dev mailbox where it is not mounted (SMTP configured)', async () => {
    consentDecided();
    const { calls } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [pendingCount(0), mailbox(false)],
    });
    expect(await screen.findByText('0 requests are waiting for a decision.', {}, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/v1/dev/mailbox'))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Open the dev mailbox' })).toBeNull();
  });

  it('lets a user with a role in, showing only what is theirs', async () => {
    consentDecided();
    const { location, calls } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['contributor'] }),
      features: { validationRequests: false },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the users list' })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/v1/validation-requests'))).toBe(false);
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
  });

  it('opens at /admin itself, as typed or bookmarked, which the dashboard takes the place of', async () => {
    consentDecided();
    const { location } = renderApp('/admin', {
      me: meDocument({ roles: ['contributor'] }),
      features: { validationRequests: false },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).toBeNull();
  });

  it('lets a validated user without a role in when validation requests are on', async () => {
    consentDecided();
    const { location } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: [] }),
      features: { validationRequests: true },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
  });

  it('sends a user with no role to their profile when validation requests are off', async () => {
    consentDecided();
    const { location } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: [] }),
      features: { validationRequests: false },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/profile'), FIRST_RENDER);
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
  });

  it('lets an open badge issuer without a role in, with the issuer’s desk and the badges on a card and in the menu', async () => {
    consentDecided();
    const { location, calls } = renderApp('/admin/dashboard', {
      me: actingMember(300),
      environment: ISSUER_THRESHOLD,
      features: { validationRequests: false },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    const card = screen.getByRole('list', { name: 'Open badges' });
    expect(within(card).getByRole('link', { name: 'Badge training sessions' }).getAttribute('href')).toBe(
      '/admin/open-badges/sessions',
    );
    expect(within(card).getByRole('link', { name: 'Badges' }).getAttribute('href')).toBe(
      '/admin/resources/open-badges',
    );
    // nothing of an administrator's
    expect(screen.queryByRole('link', { name: 'Open the users list' })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/v1/dev/mailbox'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Badge training sessions' }).getAttribute('href')).toBe(
      '/admin/open-badges/sessions',
    );
    expect(location.history?.at(-1)).toBe('/admin/dashboard');
  });

  it('sends the same member to their profile when their organization is under the issuers’ threshold', async () => {
    consentDecided();
    const { location } = renderApp('/admin/dashboard', {
      // a friendly member (200): under the issuers' threshold, and not yet a contributor (member_level_1)
      me: actingMember(200),
      environment: ISSUER_THRESHOLD,
      features: { validationRequests: false },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/profile'), FIRST_RENDER);
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
  });

  it('shows a validated member with no role no open badges card', async () => {
    consentDecided();
    renderApp('/admin/dashboard', {
      me: meDocument({ roles: [] }),
      environment: ISSUER_THRESHOLD,
      features: { validationRequests: true },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Open badges' })).toBeNull();
  });

  it('sends a user whose account is not validated to the not-validated page', async () => {
    consentDecided();
    const { location } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['admin'], validated: false }),
    });
    await waitFor(
      () => expect(location.history?.at(-1)).toBe('/auth/not-validated?guarded=validated'),
      FIRST_RENDER,
    );
  });
});

describe('the dashboard lists what the viewer may open', () => {
  it('gives an administrator the count of users and every screen of the admin menu, by group in its order', async () => {
    consentDecided();
    renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [pendingCount(0), usersCount(42), mailbox(true)],
    });
    expect(await screen.findByText('42 accounts.', {}, FIRST_RENDER)).toBeTruthy();
    const everything = screen.getByRole('region', { name: 'Everything you can open' });
    const groups = within(everything)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    // seed 001 §6: application before accounts before community
    expect(groups.indexOf('Application')).toBeGreaterThanOrEqual(0);
    expect(groups.indexOf('Application')).toBeLessThan(groups.indexOf('Accounts'));
    expect(groups.indexOf('Accounts')).toBeLessThan(groups.indexOf('Community'));
    expect(within(everything).getByRole('link', { name: 'Coupons' }).getAttribute('href')).toBe(
      '/admin/resources/coupons',
    );
    expect(within(everything).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/users');
    // the dashboard does not list itself
    expect(within(everything).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a rental administrator the rental screens and asks for no count the menu does not offer them', async () => {
    consentDecided();
    const { calls } = renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['rental_admin'] }),
      features: { validationRequests: true },
    });
    const everything = await screen.findByRole('region', { name: 'Everything you can open' }, FIRST_RENDER);
    expect(within(everything).getByRole('heading', { level: 3, name: 'Rental' })).toBeTruthy();
    expect(within(everything).getByRole('link', { name: 'Rental commands' }).getAttribute('href')).toBe(
      '/admin/rental/commands',
    );
    expect(within(everything).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Validation requests' })).toBeNull();
    const asked = calls.filter((c) =>
      ['/api/v1/users?', '/api/v1/validation-requests', '/api/v1/dev/mailbox'].some((p) => c.startsWith(p)),
    );
    expect(asked).toEqual([]);
  });
});

describe('the admin menu beside the back office', () => {
  it('is on every back-office screen, the current one marked, and kept out of the layout on a narrow window', async () => {
    consentDecided();
    renderApp('/admin/dashboard', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [pendingCount(0), usersCount(3), mailbox(true)],
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_RENDER);
    const side = await waitFor(() => {
      const found = document.querySelector('[data-admin-side-menu]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const nav = within(side).getByRole('navigation', { name: 'Administration', hidden: true });
    expect(
      within(nav).getByRole('link', { name: 'Dashboard', hidden: true }).getAttribute('aria-current'),
    ).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Coupons', hidden: true }).getAttribute('href')).toBe(
      '/admin/resources/coupons',
    );
    // shown only from the theme's side-menu width, in em scaled by the reader's text settings
    const rules = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    const className = [...side.classList].find((c) => rules.includes(`.${c}{display:none;`));
    expect(className, 'the side menu is hidden by default').toBeDefined();
    expect(rules).toMatch(/@media \(min-width: 56em\)\{\.[\w-]+\{display:block;/);
  });

  it('leaves the drawer its own menu: with the drawer open only the drawer is read out', async () => {
    consentDecided();
    renderApp('/admin/users', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [route('GET', '/api/v1/users', () => fakeJson(200, { data: [], meta: listMeta(0) }))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Users' }, FIRST_RENDER);
    await waitFor(() => expect(document.querySelector('[data-admin-side-menu]')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const navs = await screen.findAllByRole('navigation', { name: 'Administration' });
    expect(navs).toHaveLength(1);
    expect(within(navs[0]!).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('is not there outside the back office, nor for a member who may not use it', async () => {
    consentDecided();
    renderApp('/admin/dashboard', {
      me: meDocument({ roles: [] }),
      features: { validationRequests: false },
    });
    await waitFor(() => expect(document.querySelector('main')).not.toBeNull(), FIRST_RENDER);
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    expect(document.querySelector('[data-admin-side-menu]')).toBeNull();
  });
});
