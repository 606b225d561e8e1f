import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER, meDocument } from '../kit/admin/admin-testing.ts';
import { loadAllMessages, loadMessages } from '../kit/i18n/load-messages.ts';
import { STORAGE_KEYS } from '../kit/state/storage-keys.ts';
import { renderApp } from './testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const menu = [
  {
    id: 'm1',
    name: 'Home',
    description: null,
    position: 0,
    pageId: 'p1',
    href: '/',
    blank: false,
    color: null,
    alignsNextRight: false,
    requiresAuth: false,
    children: [],
  },
];

const aboutPage = {
  data: {
    kind: 'page',
    page: {
      type: 'app-pages',
      id: 'p2',
      attributes: {
        path: '/about',
        title: 'About us',
        description: '',
        styles: '',
        requiresAuth: false,
        accessLevel: null,
        roles: [],
        isDefault: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    },
    components: [],
  },
  meta: { path: '/about' },
};

describe('the app shell', () => {
  it('shows the menu, the footer and the skip link, and names the page', async () => {
    decided();
    renderApp('/site-map', { menu, pages: [{ id: 'p1', path: '/', title: 'Home' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Site map' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Site map | Assistive Tech Commons'));
    // the announcer renders after the title is set (the same effect sets both): its text may come a render later
    await waitFor(() =>
      expect(screen.getByTestId('route-announcer').textContent).toBe('Site map, page loaded'),
    );
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Site map',
    );
  });

  it('sends an unknown path to the not-found screen', async () => {
    decided();
    const { location } = renderApp('/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/errors/not-found');
  });

  it('sends a forbidden page to the unauthorized screen with its redirectUrl', async () => {
    decided();
    const { location } = renderApp('/members', {
      routes: { '/members': { status: 403, body: { errors: [{ status: '403', code: 'auth.forbidden' }] } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/errors/unauthorized?redirectUrl=%2Fmembers');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Fmembers',
    );
  });

  it('follows a redirection, keeping the query string', async () => {
    decided();
    const { location, calls } = renderApp('/who-we-are?ref=x', {
      routes: {
        '/who-we-are': {
          status: 200,
          body: {
            data: { kind: 'redirect', location: '/about?ref=x', redirectionId: 'r1' },
            meta: { path: '/who-we-are' },
          },
        },
        '/about': { status: 200, body: aboutPage },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(calls).toContain('/api/v1/services/routes/resolve?path=%2Fwho-we-are&query=ref%3Dx');
    expect(location.history).toEqual(['/about?ref=x']);
  });

  it('asks for a page with its query as the address has it, a searched phrase included', async () => {
    decided();
    const { calls } = renderApp('/about?search=two%20words&tag=a%26b', {
      routes: { '/about': { status: 200, body: aboutPage } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    // raw, never decoded first: a space there was refused by the resolver (400) and the page not loaded
    expect(calls).toContain(
      '/api/v1/services/routes/resolve?path=%2Fabout&query=search%3Dtwo%2520words%26tag%3Da%2526b',
    );
  });

  it('follows a short URL to its target (the answer names the short URL, not a redirection)', async () => {
    decided();
    const { location } = renderApp('/s/abc123', {
      routes: {
        '/s/abc123': {
          status: 200,
          body: {
            data: { kind: 'redirect', location: '/about', shortUrlId: 's1' },
            meta: { path: '/s/abc123' },
          },
        },
        '/about': { status: 200, body: aboutPage },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(location.history).toEqual(['/about']);
  });
});

describe('cookie consent', () => {
  it('opens on a first visit, ignores Escape, and stores the choice in storage and the cookie', async () => {
    const user = userEvent.setup();
    renderApp('/accessibility');
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBe(dialog);
    await user.click(within(dialog).getByRole('switch', { name: 'Vimeo videos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cookie settings' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cookieConsent)!)).toEqual({
      essentials: true,
      youtube: false,
      vimeo: true,
    });
    expect(decodeURIComponent(document.cookie)).toContain(
      'cookies_consent={"essentials":true,"youtube":false,"vimeo":true}',
    );
  });

  it('stays closed once decided, and reopens from the footer, dismissable', async () => {
    decided();
    const user = userEvent.setup();
    renderApp('/accessibility');
    await screen.findByRole('heading', { level: 1, name: 'Accessibility' });
    expect(screen.queryByRole('dialog', { name: 'Cookie settings' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('dialog', { name: 'Cookie settings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cookie settings' })).toBeNull());
  });
});

describe('accessibility settings', () => {
  it('apply to the whole page and are remembered', async () => {
    decided();
    const user = userEvent.setup();
    renderApp('/accessibility');
    // the top bar and the footer both offer it
    await user.click((await screen.findAllByRole('button', { name: 'Accessibility settings' }))[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Accessibility settings' });
    const size = within(drawer).getByRole('slider', { name: 'Text size' });
    size.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('18px'));
    await user.click(within(drawer).getByRole('radio', { name: 'OpenDyslexic' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Show images in grayscale' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Dark theme' }));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.accessibilityParameters)!);
    expect(stored).toMatchObject({ fontSize: 18, fontFamily: 'open-dyslexic', grayscaleImages: true });
    expect(localStorage.getItem(STORAGE_KEYS.darkTheme)).toBe('true');
    expect(document.body.style.fontFamily).toContain('OpenDyslexic');
    expect(document.documentElement.dataset.grayscaleImages).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(within(drawer).getByRole('button', { name: 'Restore the defaults' }));
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('16px'));
    expect(await screen.findByText('Accessibility settings restored')).toBeTruthy();
  });

  it('boots with what was stored, repairing invalid values', async () => {
    decided();
    localStorage.setItem(
      STORAGE_KEYS.accessibilityParameters,
      JSON.stringify({ fontSize: 99, lineHeight: 'x' }),
    );
    renderApp('/accessibility');
    await screen.findByRole('heading', { level: 1, name: 'Accessibility' });
    expect(document.documentElement.style.fontSize).toBe('32px');
    expect(document.body.style.lineHeight).toBe('1.5');
  });
});

describe('global dialogs', () => {
  it('shows the network-error dialog with reload and close when the server cannot be reached', async () => {
    decided();
    const user = userEvent.setup();
    renderApp('/accessibility', { menuFailure: 'network' });
    const dialog = await screen.findByRole('alertdialog', { name: 'No connection' });
    expect(within(dialog).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // the site still renders without its menu
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeTruthy();
  });

  it('shows the unexpected-error dialog with the correlation id to quote', async () => {
    decided();
    renderApp('/accessibility', { menuFailure: 500 });
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('Reference to quote: corr-42')).toBeTruthy();
  });

  it('shows the expired-session dialog on a 401, which Escape does not close', async () => {
    decided();
    const user = userEvent.setup();
    renderApp('/accessibility', { menuFailure: 401 });
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has expired' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Your session has expired' })).toBe(dialog);
    expect(within(dialog).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Faccessibility',
    );
  });
});

describe('the words each screen loads (issue 16: a first screen loads what it shows)', () => {
  it('the first screen has the shell’s and the top bar’s words; every module’s come with the rest', async () => {
    const first = await loadMessages('en');
    const all = await loadAllMessages('en');
    expect(first).toHaveProperty(['app.mainNavigation']);
    expect(first).toHaveProperty(['auth.actions.signIn']);
    expect(first).not.toHaveProperty(['admin.dashboard.title']);
    expect(first).not.toHaveProperty(['rental.steps.label']);
    // the shell's dialogs, drawers and screens, and the sign-in screens' words, come with the rest too
    expect(first).not.toHaveProperty(['dialog.networkError.title']);
    expect(first).not.toHaveProperty(['auth.notValidated.title']);
    expect(all).toHaveProperty(['dialog.networkError.title']);
    expect(all).toHaveProperty(['admin.dashboard.title']);
    expect(Object.keys(all).length).toBeGreaterThan(Object.keys(first).length * 2);
  });

  it('a screen past the first one waits for its words when the app loads them itself', async () => {
    decided();
    renderApp(
      '/admin/dashboard',
      {
        me: meDocument({ roles: ['rental_admin'] }),
        features: { validationRequests: false },
      },
      { loadMessages: true },
    );
    // kit/admin's words, not among the first screen's: the screen shows once they are there, never their ids
    const heading = await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    expect(heading.textContent).toBe('Dashboard');
    expect(screen.getByRole('region', { name: 'Everything you can open' })).toBeTruthy();
  });
});
