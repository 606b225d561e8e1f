import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import { baseUrl, openContext } from './support/browser.ts';
import { PUBLIC_ROUTES } from './support/public-routes.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

/**
 * test-output/ is git-ignored: a screenshot of each page that fails, and with SCREENSHOTS=1 one per route and
 * setting, for people to look at (a full-page screenshot costs as much as the check itself).
 */
const OUTPUT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/screenshots/reflow');
const EVERY_SCREENSHOT = process.env.SCREENSHOTS === '1';
const DEMO_PASSWORD = 'demo-password-2025';

type Who = 'guest' | 'unverified' | 'not-validated' | 'member' | 'admin';
const ACCOUNTS: Record<Exclude<Who, 'guest'>, string> = {
  unverified: 'unverified@demo.example',
  'not-validated': 'not-validated@demo.example',
  member: 'member1@demo.example',
  admin: 'admin@demo.example',
};

/** Every public route, the auth screens, and the signed-in screens of a member and of an administrator. */
const ROUTES: ReadonlyArray<{ path: string; who: Who; name: string }> = [
  ...PUBLIC_ROUTES.map(([path]) => ({ path, who: 'guest' as const, name: path })),
  { path: '/auth/sign-in', who: 'guest', name: '/auth/sign-in' },
  { path: '/auth/register', who: 'guest', name: '/auth/register' },
  { path: '/auth/password/forgot', who: 'guest', name: '/auth/password/forgot' },
  {
    path: '/auth/password/reset/a-reset-token/someone%40example.org',
    who: 'guest',
    name: '/auth/password/reset',
  },
  { path: '/auth/email/verify', who: 'unverified', name: '/auth/email/verify' },
  { path: '/auth/not-validated', who: 'not-validated', name: '/auth/not-validated' },
  { path: '/account/profile', who: 'member', name: '/account/profile (member)' },
  { path: '/account/profile', who: 'admin', name: '/account/profile (admin)' },
  { path: '/admin/dashboard', who: 'admin', name: '/admin/dashboard' },
  { path: '/admin/validation-requests', who: 'admin', name: '/admin/validation-requests' },
  { path: '/admin/users', who: 'admin', name: '/admin/users' },
  { path: '/admin/dev/mailbox', who: 'admin', name: '/admin/dev/mailbox' },
  // a list wider than any window: it scrolls in its own region
  {
    path: '/admin/resources/repository-items/index',
    who: 'admin',
    name: '/admin/resources/repository-items',
  },
];

/**
 * WCAG 1.4.10: 320 CSS px wide with the default text; and the largest text settings (1.4.4, 1.4.12) on a
 * desktop and on a phone; and the widest reading font the drawer offers at the largest settings on a phone. Each
 * page is checked in both themes (inBothThemes).
 */
const CASES = [
  { name: '320-default', viewport: { width: 320, height: 640 }, text: null },
  { name: '1280-largest', viewport: { width: 1280, height: 800 }, text: LARGEST_TEXT },
  { name: '375-largest', viewport: { width: 375, height: 740 }, text: LARGEST_TEXT },
  {
    name: '375-largest-open-dyslexic',
    viewport: { width: 375, height: 740 },
    text: { ...LARGEST_TEXT, fontFamily: 'open-dyslexic' },
  },
] as const;

/** One session per account for the whole file: signing in is the slow part, the screens are what is tested. */
const sessions = new Map<Who, Cookie[]>();
beforeAll(async () => {
  for (const [who, email] of Object.entries(ACCOUNTS) as [Exclude<Who, 'guest'>, string][]) {
    const answer = await fetch(`${baseUrl()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(answer.status, `sign-in of ${email}`).toBeLessThan(300);
    const url = new URL(baseUrl());
    sessions.set(
      who,
      answer.headers.getSetCookie().map((header) => {
        const [pair] = header.split(';');
        const at = pair!.indexOf('=');
        return {
          name: pair!.slice(0, at).trim(),
          value: pair!.slice(at + 1).trim(),
          domain: url.hostname,
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        };
      }),
    );
  }
});

const slug = (name: string) =>
  name
    .replace(/[()]/g, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'home';

/**
 * One page per kind of viewer for the whole setting: the first route is loaded (the server's paint, then the
 * app), the next ones are reached inside the app as a reader following links reaches them (the history API,
 * which the router follows). A full load per route cost three times as much, and the app's own navigation is
 * what readers meet after their first page.
 */
interface ViewerPage {
  page: Page;
  /** uncaught errors in the page since the last check */
  errors: string[];
}

describe.each(CASES)('reflow at $name', ({ name, viewport, text }) => {
  const contexts: BrowserContext[] = [];
  const pages = new Map<Who, Promise<ViewerPage>>();
  const pageOf = (who: Who) => {
    let opened = pages.get(who);
    if (!opened) {
      opened = (async () => {
        const { context } = await openContext({ theme: 'light', viewport });
        contexts.push(context);
        if (text) await storeAccessibility(context, text);
        if (who !== 'guest') await context.addCookies(sessions.get(who)!);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
        return { page, errors };
      })();
      pages.set(who, opened);
    }
    return opened;
  };
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test.each(ROUTES)(
    '$name: no sideways scrolling, nothing cut off, in both themes',
    async ({ path, who, name: route }) => {
      const { page, errors } = await pageOf(who);
      errors.length = 0;

      if (page.url() === 'about:blank') {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
      } else {
        // the heading of the route before, to know when the next route's own has replaced it
        const before = await page.evaluate(() => {
          const h1 = document.querySelector('h1');
          h1?.setAttribute('data-route-before', '');
          return h1?.textContent ?? '';
        });
        await page.evaluate((to) => history.pushState(null, '', to), path);
        await page.waitForFunction((previous) => {
          const h1 = document.querySelector('h1');
          return h1 !== null && (!h1.hasAttribute('data-route-before') || h1.textContent !== previous);
        }, before);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(new URL(page.url()).pathname, 'the guard kept the page').toBe(new URL(path, baseUrl()).pathname);
      if (text) {
        const rootSize = await page.evaluate(() =>
          parseFloat(getComputedStyle(document.documentElement).fontSize),
        );
        expect(rootSize).toBe(text.fontSize);
        if ('fontFamily' in text) {
          const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
          expect(font, 'the reading font applies').toContain('OpenDyslexic');
        }
      }

      await inBothThemes(page, async (theme) => {
        const report = await measureReflow(page);
        const fits = report.overflow <= 0 && report.clipped.length === 0 && report.outside.length === 0;
        if (!fits || EVERY_SCREENSHOT) {
          mkdirSync(OUTPUT, { recursive: true });
          await page.screenshot({
            path: join(OUTPUT, `${name}-${theme}--${slug(route)}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        }
        expect(
          report.overflow,
          `${theme}: the page scrolls sideways: ${report.widest.join('; ')}`,
        ).toBeLessThanOrEqual(0);
        expect(report.clipped, `${theme}: elements that cut their own text`).toEqual([]);
        expect(report.outside, `${theme}: text beyond the left or right edge`).toEqual([]);
      });
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  );
});

/** The panels that open over a page: each must fit the viewport too, and scroll (if at all) only downwards. */
const PANELS = [
  {
    name: 'navigation drawer',
    consent: 'essentials',
    open: (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Open the menu' }).click(),
    panel: (page: Page) => page.getByRole('dialog', { name: 'Main navigation' }),
  },
  {
    name: 'accessibility drawer',
    consent: 'essentials',
    open: (page: Page) =>
      page.getByRole('banner').getByRole('button', { name: 'Accessibility settings' }).click(),
    panel: (page: Page) => page.getByRole('dialog', { name: 'Accessibility settings' }),
  },
  {
    name: 'language menu',
    consent: 'essentials',
    open: (page: Page) =>
      page
        .getByRole('banner')
        .getByRole('button', { name: /Language: English/ })
        .click(),
    panel: (page: Page) => page.getByRole('menu', { name: 'Language' }),
  },
  {
    name: 'cookie dialog',
    consent: 'first-visit',
    open: () => Promise.resolve(),
    panel: (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' }),
  },
] as const;

const LARGEST = CASES.filter((c) => c.text !== null);

/**
 * One page per setting for the panels that open over the home page (a load of its own per panel cost three
 * times as much): each panel is opened, measured and closed with Escape before the next. The cookie dialog,
 * which only a first visit shows, has a page of its own. A panel that fails leaves its page to be closed: the
 * next one starts from a fresh load.
 */
describe.each(LARGEST)('panels at $name', ({ name, viewport, text }) => {
  const pages = new Map<string, Promise<ViewerPage & { context: BrowserContext }>>();
  const closeAll = async () => {
    const open = [...pages.values()];
    pages.clear();
    for (const opened of open) await (await opened).context.close();
  };
  afterAll(closeAll);
  const homeWith = (consent: 'essentials' | 'first-visit') => {
    let opened = pages.get(consent);
    if (!opened) {
      opened = (async () => {
        const { context } = await openContext({ theme: 'light', viewport, consent });
        await storeAccessibility(context, text!);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
        await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        return { page, context, errors };
      })();
      pages.set(consent, opened);
    }
    return opened;
  };

  test.each(PANELS)('$name fits the viewport', async (panel) => {
    onTestFailed(closeAll);
    const { page, errors } = await homeWith(panel.consent);
    errors.length = 0;
    await panel.open(page);
    const element = panel.panel(page);
    await element.waitFor();
    // the drawer's slide-in and the popover's placement: every animation that ends has ended, then a frame
    await page.evaluate(async () => {
      const ending = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    await inBothThemes(page, async (theme) => {
      if (EVERY_SCREENSHOT) {
        mkdirSync(OUTPUT, { recursive: true });
        await page.screenshot({
          path: join(OUTPUT, `${name}-${theme}--panel-${slug(panel.name)}.png`),
          animations: 'disabled',
        });
      }
      const box = await element.evaluate((el) => {
        // the scrolling box is the panel itself or its closest scrolling ancestor (a drawer's modal, a popover)
        let scroller: Element | null = el;
        while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY))
          scroller = scroller.parentElement;
        const rect = el.getBoundingClientRect();
        return {
          left: rect.left,
          right: rect.right,
          sideways: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
        };
      });
      expect(box.left, `${theme}: ${panel.name} starts inside the viewport`).toBeGreaterThanOrEqual(-1);
      expect(box.right, `${theme}: ${panel.name} ends inside the viewport`).toBeLessThanOrEqual(
        viewport.width + 1,
      );
      expect(box.sideways, `${theme}: ${panel.name} scrolls sideways`).toBeLessThanOrEqual(0);
      const report = await measureReflow(page);
      expect(
        report.overflow,
        `${theme}: the page scrolls sideways: ${report.widest.join('; ')}`,
      ).toBeLessThanOrEqual(0);
      expect(report.clipped, `${theme}: elements that cut their own text`).toEqual([]);
      expect(report.outside, `${theme}: text beyond the left or right edge`).toEqual([]);
    });
    expect(errors, 'uncaught errors in the page').toEqual([]);
    if (panel.consent === 'essentials') {
      // closed as a reader closes it, for the next panel on the same page
      await page.keyboard.press('Escape');
      await element.waitFor({ state: 'hidden' });
    }
  });
});
