import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, openPage, VIEWPORTS } from './support/browser.ts';

/**
 * Public CMS pages painted on the server (ADR 0018): what a first visitor sees before any script has run, how
 * the app takes its place, and who is not painted for.
 */

const HOME_H1 = 'Assistive technology, shared';

async function html(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(new URL(path, baseUrl()), { headers: { Accept: 'text/html', ...headers } });
  expect(response.status).toBe(200);
  return response.text();
}

/**
 * Watches the page from its first script on: at every change of the document and every frame, whether a level-1
 * heading is on screen, and whose it is (the painted page's or the app's). What `headingGaps` reads.
 */
async function watchHeadings(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const moments: Array<{ at: number; painted: boolean; shown: number }> = [];
    (window as unknown as { __headings: typeof moments }).__headings = moments;
    const shown = () =>
      Array.from(document.querySelectorAll('h1')).filter((h) => {
        const box = h.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(h).visibility !== 'hidden';
      }).length;
    const look = () =>
      moments.push({
        at: Math.round(performance.now()),
        painted: document.getElementById('first-paint') !== null,
        shown: shown(),
      });
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    const frame = () => {
      look();
      if (moments.length < 5_000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The moments, after the first h1 was on screen, when none was: the reader saw neither the paint nor the app's. */
async function headingGaps(page: Page): Promise<Array<{ at: number; painted: boolean }>> {
  const moments = await page.evaluate(
    () =>
      (window as unknown as { __headings: Array<{ at: number; painted: boolean; shown: number }> })
        .__headings,
  );
  const first = moments.findIndex((m) => m.shown > 0);
  expect(first, 'an h1 was on screen at some point').toBeGreaterThanOrEqual(0);
  return moments.slice(first).filter((m) => m.shown === 0);
}

describe('the page painted on the server', () => {
  test('shows the page with its menu and title before any script runs, and offers nothing to focus', async () => {
    const { context } = await openPage();
    const noScript = await context.browser()!.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      viewport: VIEWPORTS.desktop,
    });
    try {
      const page = await noScript.newPage();
      await page.goto('/about');
      const painted = page.locator('#first-paint');
      // the wide variant shows at 1280 px, the phone's is hidden
      const heading = painted.locator('.first-paint-wide h1');
      expect(await heading.innerText()).toBe('About the community');
      expect(await heading.isVisible()).toBe(true);
      expect(await painted.locator('.first-paint-narrow h1').isVisible()).toBe(false);
      expect(await painted.locator('.first-paint-wide nav').first().innerText()).toContain('Community');
      expect(await page.title()).toBe('About us | Assistive Tech Commons');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      // a picture until the app runs: out of the accessibility tree and of the tab order
      expect(await painted.getAttribute('aria-hidden')).toBe('true');
      expect(await painted.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      // the app's root is hidden behind it
      expect(await page.locator('#root').isVisible()).toBe(false);

      await page.setViewportSize(VIEWPORTS.mobile);
      expect(await painted.locator('.first-paint-narrow h1').isVisible()).toBe(true);
      expect(await painted.locator('.first-paint-wide h1').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      );
    } finally {
      await noScript.close();
    }
  });

  test('the app takes its place without asking the API for what the page already holds, the h1 on screen throughout', async () => {
    const { page, context } = await openPage();
    await watchHeadings(context);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // painted, and the app not started yet: its scripts are asked for after the first frame
    expect(await page.locator('#first-paint').count()).toBe(1);

    await page.locator('#root').getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    // the paint gives way only when the app's page, blocks and all, is there to take its place
    expect(await headingGaps(page)).toEqual([]);
    expect(asked).not.toContain('/api/v1/services/app-menu');
    expect(asked).not.toContain('/api/v1/services/routes/resolve');
    expect(asked).not.toContain('/api/v1/app-environment');
    expect(asked).not.toContain('/api/v1/services/features');
    // the app works as ever: the menu's client-side navigation
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Community', exact: true }).click();
    await page.getByRole('menu', { name: 'Community' }).getByRole('menuitem', { name: 'About us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
  });

  test('a reader with the dark theme or larger text stored sees no flash: the paint is dropped before it shows', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const { page, context } = await openPage({ theme });
      if (theme === 'light')
        await context.addInitScript(() =>
          localStorage.setItem(
            'accessibility-parameters',
            JSON.stringify({ fontSize: 32, lineHeight: 3, letterSpacing: 2.5 }),
          ),
        );
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#first-paint').count(), theme).toBe(0);
      await page.getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    }
  });

  test('a reader whose settings are in the reading cookie gets the page painted with them: dark, large text, no flash', async () => {
    const settings = { fontSize: 32, lineHeight: 3, letterSpacing: 2.5, fontFamily: 'configured' };
    const cookie = `reading_settings=${encodeURIComponent(JSON.stringify({ dark: true, ...settings }))}`;
    // the HTML as served already carries the theme, the text settings and the page's h1
    const served = await html('/', { Cookie: cookie });
    expect(served).toContain('id="first-paint"');
    expect(served).toMatch(/<html [^>]*data-theme="dark"/);
    expect(served).toMatch(/<html [^>]*style="font-size: 32px;"/);
    expect(served).toMatch(/<body style="line-height: 3; letter-spacing: 0.12em;/);
    expect(served).toMatch(new RegExp(`<h1[^>]*>${HOME_H1}</h1>`));

    // in the browser whose storage holds the same: the paint stays, and the app takes its place
    const { page, context } = await openPage({ theme: 'dark' });
    await context.addInitScript(
      (a11y) => localStorage.setItem('accessibility-parameters', a11y),
      JSON.stringify(settings),
    );
    await context.addCookies([{ name: 'reading_settings', value: cookie.split('=')[1]!, url: baseUrl() }]);
    // the app's code is held back until the paint is checked: what the reader sees before it runs (once it runs,
    // the app may take the paint's place at any moment)
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    // (32 px text at 1280 px is the phone's layout: the media queries follow the text size)
    await page.locator('#first-paint h1:visible').waitFor();
    expect(await page.locator('#first-paint h1:visible').count()).toBe(1);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    release();
    await page.locator('#root').getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('32px');
  });

  test('the app mirrors the reading settings in the cookie the server paints from', async () => {
    const { page, context } = await openPage({ theme: 'dark' });
    await page.goto('/about');
    await page.locator('#root').getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'reading_settings')?.value)
      .toBeDefined();
    const value = (await context.cookies()).find((c) => c.name === 'reading_settings')!.value;
    expect(JSON.parse(decodeURIComponent(value))).toMatchObject({ dark: true, fontSize: 16 });
  });

  test("a signed-in member's / is painted by the server too, theirs: their name, for their browser alone", async () => {
    const { page, context } = await openPage();
    const login = await context.request.post('/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: 'member2@demo.example', password: 'demo-password-2025' },
    });
    expect(login.ok()).toBe(true);
    const served = await context.request.get('/', { headers: { Accept: 'text/html' } });
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    const text = await served.text();
    expect(text).toContain('id="first-paint"');
    expect(text).toMatch(new RegExp(`<h1[^>]*>${HOME_H1}</h1>`));
    // the painted top bar is the member's (their account menu), not a visitor's sign-in link
    const painted = text.slice(text.indexOf('id="first-paint"'), text.indexOf('id="boot-answers"'));
    expect(painted).toContain('Max Demo');
    expect(painted).not.toContain('href="/auth/sign-in');

    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await watchHeadings(context);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('#first-paint').count()).toBe(1);
    await page.locator('#root').getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await headingGaps(page)).toEqual([]);
    // the app's own account menu works
    await page.getByRole('banner').getByRole('button', { name: 'Max Demo' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(errors).toEqual([]);
  });

  test("a member's profile is painted by the server, theirs, and gives way to the app's own screen", async () => {
    const { page, context } = await openPage();
    const login = await context.request.post('/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: 'member2@demo.example', password: 'demo-password-2025' },
    });
    expect(login.ok()).toBe(true);
    const served = await context.request.get('/account/profile', { headers: { Accept: 'text/html' } });
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    const text = await served.text();
    expect(text).toContain('<title>My profile | Assistive Tech Commons</title>');
    const painted = text.slice(text.indexOf('id="first-paint"'), text.indexOf('id="boot-answers"'));
    expect(painted).toMatch(/<h1[^>]*>My profile<\/h1>/);
    // their own profile: their e-mail address in its field, their name in the top bar
    expect(painted).toContain('value="member2@demo.example"');
    expect(painted).toContain('Max Demo');

    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/account/profile', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('#first-paint').count()).toBe(1);
    await page.locator('#root').getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    // the app's own form: the e-mail field is there to edit
    await page
      .locator('#root')
      .getByRole('textbox', { name: /e-mail/i })
      .first()
      .waitFor();
    expect(errors).toEqual([]);

    // a visitor is sent to sign in by the app: nothing is painted for them
    expect(await html('/account/profile')).not.toContain('id="first-paint"');
  });

  test('is painted in the language the browser asks for, for anonymous visitors of pages only', async () => {
    const french = await html('/', { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(french).toContain('<html lang="fr"');
    expect(french).toContain('id="first-paint"');
    expect(await html('/?lang=es')).toContain('<html lang="es"');

    // a session, an application screen, a path that is no page: the app's shell alone, as before
    expect(await html('/', { Cookie: 'atc_session=anything' })).not.toContain('id="first-paint"');
    expect(await html('/auth/sign-in')).not.toContain('id="first-paint"');
    expect(await html('/no-such-page-here')).not.toContain('id="first-paint"');
  });

  test('the page is painted from the answers it carries, escaped so that no text closes its script', async () => {
    const page = await html('/about');
    const answers = /<script type="application\/json" id="boot-answers">(.*?)<\/script>/s.exec(page)?.[1];
    expect(answers).toBeDefined();
    expect(answers).not.toMatch(/<\/?script/i);
    const parsed = JSON.parse(answers!) as { locale: string; answers: Record<string, { status: number }> };
    expect(parsed.locale).toBe('en');
    expect(parsed.answers['/api/v1/services/app-menu']?.status).toBe(200);
    expect(parsed.answers['/api/v1/services/routes/resolve?path=%2Fabout']?.status).toBe(200);
  });
});
