import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject, onTestFinished } from 'vitest';

export const baseUrl = (): string => inject('e2eBaseUrl');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** What a visitor has stored from earlier visits: nothing, or a saved cookie choice. */
export type ConsentState = 'first-visit' | 'essentials' | 'all';

export interface OpenPageOptions {
  /** default 'essentials': the first-visit cookie dialog is its own test, the others start past it */
  consent?: ConsentState;
  /** the stored theme flag (default light); the system preference matches it */
  theme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** the browser's language list, which the boot locale falls back to (default en-US) */
  locale?: string;
  /**
   * the user agent the browser sends: headless Chromium's names itself HeadlessChrome, which the statistics drop
   * as a bot's (ADR 0038), so a test of the statistics reads as a reader's browser
   */
  userAgent?: string;
  /** the device's time zone (default Europe/Paris, the demo members' own) */
  timezoneId?: string;
}

const CONSENT: Record<Exclude<ConsentState, 'first-visit'>, string> = {
  essentials: JSON.stringify({ essentials: true, youtube: false, vimeo: false }),
  all: JSON.stringify({ essentials: true, youtube: true, vimeo: true }),
};

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** every request the page tried to send outside the platform's origin (all refused) */
  outsideRequests: readonly string[];
}

let browser: Promise<Browser> | undefined;

/** One connection per test file to the run's Chromium (started by the global setup). */
function connect(): Promise<Browser> {
  browser ??= chromium.connect(inject('e2eBrowserWsEndpoint'));
  return browser;
}

afterAll(async () => {
  if (browser) await (await browser).close();
  browser = undefined;
});

/** A browser context as a visitor's browser holds it, with the requests that left the platform's origin. */
export interface OpenedContext {
  context: BrowserContext;
  /** every request a page tried to send outside the platform's origin (all refused) */
  outsideRequests: readonly string[];
}

/**
 * A fresh browser context (empty storage but for what the options seed). Requests leaving the platform's origin
 * are refused by the browser (CHROMIUM_ARGS) and recorded: the tests must not depend on the internet, and an
 * embedded provider must never be reached without consent.
 */
export async function openContext(options: OpenPageOptions = {}): Promise<OpenedContext> {
  const origin = new URL(baseUrl()).origin;
  const theme = options.theme ?? 'light';
  const consent = options.consent ?? 'essentials';
  const localStorage = [{ name: 'dark-theme', value: String(theme === 'dark') }];
  if (consent !== 'first-visit') localStorage.push({ name: 'cookies-consent', value: CONSENT[consent] });

  const context = await (
    await connect()
  ).newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? VIEWPORTS.desktop,
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId ?? 'Europe/Paris',
    colorScheme: theme,
    storageState: { cookies: [], origins: [{ origin, localStorage }] },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  // Playwright's own 30 s bound on a navigation or wait is for a hung page; a loaded two-core machine (the
  // platform, PostgreSQL and Chromium beside the test workers) can need more for a slow one
  context.setDefaultTimeout(50_000);
  // the browser resolves no other host (CHROMIUM_ARGS): these requests fail in it; they are only watched here
  const outside: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') outside.push(url.href);
  });
  return { context, outsideRequests: outside };
}

/**
 * A new page of the given context for the running test, closed when the test ends; an uncaught error in the page
 * fails the test.
 */
export async function pageOfTest(context: BrowserContext, closeContext = false): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  onTestFinished(async () => {
    await (closeContext ? context.close() : page.close());
    if (errors.length) throw new Error(`Uncaught errors in the page:\n${errors.join('\n\n')}`);
  });
  return page;
}

/** A fresh browser context for the running test (openContext), with its one page, closed when the test ends. */
export async function openPage(options: OpenPageOptions = {}): Promise<OpenedPage> {
  const { context, outsideRequests } = await openContext(options);
  const page = await pageOfTest(context, true);
  return { page, context, outsideRequests };
}

/**
 * Until the app takes the place of the page the server painted (ADR 0018), the painted copy's buttons do nothing:
 * a test that presses one waits for the app first. The paint is gone once the app has shown the page itself
 * (web/src/kit/loading/reveal.ts), or at once when it was not for this reader.
 */
export async function appShown(page: Page): Promise<void> {
  await page.locator('#first-paint').waitFor({ state: 'detached' });
}
