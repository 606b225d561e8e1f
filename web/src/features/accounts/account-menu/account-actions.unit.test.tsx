import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../../frame/testing/render-app.tsx';
import { initialsOf, signInHref } from './account-actions.tsx';
import { consentDecided, meDocument, recorder } from '../auth/testing.ts';

const topBar = () => screen.getByRole('banner');

describe('account actions in the top bar', () => {
  it('offers a guest sign-in back to the current page, and register when the feature is on', async () => {
    consentDecided();
    renderApp('/site-map?x=1');
    await screen.findByRole('heading', { level: 1, name: 'Site map' }, { timeout: 25_000 });
    expect(within(topBar()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Fsite-map%3Fx%3D1',
    );
    expect(within(topBar()).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/auth/register',
    );
  }, 30_000);

  it('hides register when the feature is off', async () => {
    consentDecided();
    renderApp('/site-map', { features: { register: false } });
    await screen.findByRole('heading', { level: 1, name: 'Site map' });
    expect(within(topBar()).queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('opens the signed-in menu from the keyboard: profile, likes, badges, transactions, documents, software, dashboard for a user whose landing it is', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp('/site-map', { me: meDocument({ roles: ['admin'] }) });
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Ada Lovelace',
    });
    expect(within(topBar()).queryByRole('link', { name: 'Sign in' })).toBeNull();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Profile',
      'My likes',
      'My open badges',
      'My transactions',
      'My documents',
      'My software',
      'Dashboard',
      'Sign out',
    ]);
    expect(items[0]!.getAttribute('href')).toBe('/account/profile');
    expect(items[1]!.getAttribute('href')).toBe('/account/profile/likes');
    expect(items[2]!.getAttribute('href')).toBe('/account/profile/open-badges');
    expect(items[3]!.getAttribute('href')).toBe('/account/transactions');
    expect(items[4]!.getAttribute('href')).toBe('/account/documents');
    expect(items[5]!.getAttribute('href')).toBe('/account/software/associations');
    expect(items[6]!.getAttribute('href')).toBe('/admin/dashboard');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // focus goes back to the menu button (react-aria restores it after the popover has closed)
    await waitFor(() =>
      expect(document.activeElement).toBe(within(topBar()).getByRole('button', { name: 'Ada Lovelace' })),
    );
  });

  it('leaves the dashboard out when the landing is the profile', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp('/site-map', { me: meDocument(), features: { validationRequests: false } });
    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Ada Lovelace' }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Profile',
      'My likes',
      'My open badges',
      'My transactions',
      'My documents',
      'My software',
      'Sign out',
    ]);
  });

  it('signs out: POST /auth/logout, then the sign-in page and the guest actions', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    const { location } = renderApp('/site-map', {
      me: meDocument(),
      handlers: [calls.on('POST', '/auth/logout', () => fakeJson(200, { state: 'logged_out' }))],
    });
    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Ada Lovelace' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in'));
    expect(calls.seen).toHaveLength(1);
    expect(calls.seen[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(within(topBar()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/sign-in',
    );
  });

  it('builds initials and sign-in links', () => {
    expect(initialsOf(' ada', 'lovelace ')).toBe('AL');
    expect(signInHref('/auth/register', '')).toBe('/auth/sign-in');
    expect(signInHref('/about', '')).toBe('/auth/sign-in?redirectUrl=%2Fabout');
    expect(signInHref('/errors/unauthorized', 'redirectUrl=%2Fmembers')).toBe(
      '/auth/sign-in?redirectUrl=%2Fmembers',
    );
    expect(signInHref('/errors/not-found', '')).toBe('/auth/sign-in');
  });
});
