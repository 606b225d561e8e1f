/**
 * The web's first paint (issue 10), measured in Debian's headless Chromium:
 *
 * - the time to the first visible h1: from the navigation's start to the first animation frame after an h1 with
 *   a non-empty box that `checkVisibility()` accepts was in the page (a MutationObserver installed before the
 *   page's own scripts). For a public CMS page that is the page the server painted (ADR 0018);
 * - the JavaScript loaded before that first render: every `.js` resource whose download had ended before the
 *   first h1 was visible (Performance API resource entries), counted twice: gzipped here at level 9 (what Vite
 *   reports, the unit of the targets) and as sent (the bodies' bytes on the wire, `encodedBodySize`: the build's
 *   brotli files where the browser takes brotli, host/src/web-static.ts);
 * - the same two figures for the app: when the app's own h1 (inside #root, the server's paint gone) was visible,
 *   and the JavaScript requested before then: the moment the page is the app's and answers the keyboard.
 *
 * Three kinds of reader, side by side in the same run (issue 16):
 *
 * - a visitor: no session, no stored settings (the page the server paints for anyone);
 * - a reader with settings of their own: the dark theme and larger, more widely spaced text, kept in the
 *   browser's storage and mirrored in the reading-settings cookie, as the app stores them;
 * - a member: signed in (the session cookie of one sign-in made before the runs, given to each context).
 *
 * Each run opens a cold browser context (no cache, no storage but the cookies and settings of its kind: a first
 * visit of that reader on a new deployment). Cases take turns, after one warm-up round that is not counted; the
 * figures are medians. The target of issue 16: a member's first h1 on / within 1.5x of the visitor's painted /.
 *
 *   npx tsx tests/bench/web-first-paint.ts [--base-url http://localhost:3000] [--runs 5] [--repeat 2]
 *     [--route /about]... (visitor routes instead of the default cases)
 *     [--verbose] (the request timeline of each case's median run)
 *
 * Without --base-url the platform is started as the browser tests start it (tests/e2e/support/global-setup.ts:
 * the web built when stale, a fresh embedded database, the demo site seeded), and stopped at the end.
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import startPlatform from '../e2e/support/global-setup.ts';
import { READY_PATH } from '../e2e/support/ready-path.ts';

type Who = 'visitor' | 'reader' | 'member';
interface Case {
  who: Who;
  route: string;
}
const DEFAULT_CASES: Case[] = [
  { who: 'visitor', route: '/' },
  { who: 'visitor', route: '/about' },
  { who: 'visitor', route: '/auth/sign-in' },
  { who: 'reader', route: '/' },
  { who: 'member', route: '/' },
  { who: 'member', route: '/account/profile' },
];
const TARGETS = { kb: 150, ms: 500, memberRatio: 1.5 };
/** the demo member the member's runs sign in as (seeded with the demo site) */
const MEMBER = { email: 'member2@demo.example', password: 'demo-password-2025' };
/** the reader's own settings: dark, larger text, wider lines and letters */
const READER_SETTINGS = { fontSize: 24, lineHeight: 2, letterSpacing: 1.5 };
/** the cookie the app mirrors the reading settings in (web/src/kit/state/storage-keys.ts READING_COOKIE) */
const READING_COOKIE = 'reading_settings';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    runs: { type: 'string', default: '5' },
    repeat: { type: 'string', default: '1' },
    route: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
/** the whole measurement this many times over, one table each (a loaded machine: do two figures agree?) */
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1) throw new Error('--repeat must be a positive integer');
const cases: Case[] = values.route?.length
  ? values.route.map((route) => ({ who: 'visitor', route }))
  : DEFAULT_CASES;
const caseName = (c: Case) => `${c.who} ${c.route}`;
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Resource {
  name: string;
  startTime: number;
  responseEnd: number;
  /** the body's bytes as received, before decoding (compressed when the answer was) */
  encodedBodySize: number;
}

interface Run {
  /** first contentful paint (the Paint Timing entry) */
  fcpMs: number;
  firstH1Ms: number;
  appH1Ms: number;
  resources: Resource[];
  /** scripts downloaded before the first h1 was visible */
  jsUrls: string[];
  /** scripts requested before the app's own h1 was visible */
  appJsUrls: string[];
}

declare global {
  interface Window {
    __firstH1?: number;
    __appH1?: number;
  }
}

/**
 * Installed before any script of the page: records when an h1 first becomes visible. A string, not a function:
 * tsx would wrap a function's inner functions in a naming helper that does not exist in the page.
 */
const WATCH_FIRST_H1 = `(() => {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
  };
  let first = false;
  let app = false;
  const observer = new MutationObserver(() => {
    if (!first && Array.from(document.querySelectorAll('h1')).some(visible)) {
      first = true;
      // the frame that paints it, if it is still there then (a guard script may remove a painted page that
      // was parsed but never shown): otherwise the next change looks again
      requestAnimationFrame(() => {
        if (Array.from(document.querySelectorAll('h1')).some(visible)) window.__firstH1 = performance.now();
        else first = false;
      });
    }
    const own = document.querySelector('#root h1');
    if (!app && own && !document.getElementById('first-paint') && visible(own)) {
      app = true;
      observer.disconnect();
      requestAnimationFrame(() => (window.__appH1 = performance.now()));
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

/** One sign-in for the whole run: its session cookie's value. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(MEMBER),
  });
  if (!response.ok) throw new Error(`sign-in of ${MEMBER.email}: ${response.status}`);
  const session = response.headers
    .getSetCookie()
    .map((c) => /^atc_session=([^;]*)/.exec(c)?.[1])
    .find(Boolean);
  if (!session) throw new Error('the sign-in answered no session cookie');
  return session;
}

async function measure(browser: Browser, baseUrl: string, c: Case, session: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    colorScheme: c.who === 'reader' ? 'dark' : 'light',
  });
  try {
    await context.addInitScript({ content: WATCH_FIRST_H1 });
    if (c.who === 'member') {
      await context.addCookies([{ name: 'atc_session', value: session, url: baseUrl }]);
    } else if (c.who === 'reader') {
      const settings = { ...READER_SETTINGS, fontFamily: 'configured', grayscaleImages: false };
      await context.addInitScript({
        content: `localStorage.setItem('dark-theme', 'true');
localStorage.setItem('accessibility-parameters', ${JSON.stringify(JSON.stringify(settings))});`,
      });
      await context.addCookies([
        {
          name: READING_COOKIE,
          value: encodeURIComponent(JSON.stringify({ dark: true, ...settings })),
          url: baseUrl,
        },
      ]);
    }
    const page = await context.newPage();
    await page.goto(baseUrl + c.route, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__appH1 !== undefined, undefined, { timeout: 30_000 });
    const { fcpMs, firstH1Ms, appH1Ms, resources } = await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcpMs: fcp?.startTime ?? NaN,
        firstH1Ms: window.__firstH1 ?? NaN,
        appH1Ms: window.__appH1 ?? NaN,
        resources: entries.map((r) => ({
          name: r.name,
          startTime: r.startTime,
          responseEnd: r.responseEnd,
          encodedBodySize: r.encodedBodySize,
        })),
      };
    });
    const js = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    const jsUrls = js.filter((r) => r.responseEnd < firstH1Ms).map((r) => r.name);
    const appJsUrls = js.filter((r) => r.startTime < appH1Ms).map((r) => r.name);
    return { fcpMs, firstH1Ms, appH1Ms, resources, jsUrls, appJsUrls };
  } finally {
    await context.close();
  }
}

const gzipCache = new Map<string, Promise<number>>();
/** The gzipped size of a script (level 9, as Vite reports it); hashed assets never change, so once per URL. */
function gzippedBytes(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (!size) {
    size = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    });
    gzipCache.set(url, size);
  }
  return size;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (bytes: number) => bytes / 1000;

/** One measurement of every case: the rounds, then the table. */
async function measureAll(browser: Browser, baseUrl: string, session: string): Promise<void> {
  const results = new Map<string, Run[]>(cases.map((c) => [caseName(c), []]));
  for (let round = 0; round <= runs; round++) {
    for (const c of cases) {
      const run = await measure(browser, baseUrl, c, session);
      if (round > 0) results.get(caseName(c))!.push(run);
    }
  }

  const rows: string[][] = [];
  const verbose: string[] = [];
  let met = true;
  const gzipped = (urls: string[]) =>
    Promise.all(urls.map(gzippedBytes)).then((sizes) => sizes.reduce((a, b) => a + b, 0));
  /** the bytes a run's browser received for these scripts */
  const sent = (run: Run, urls: string[]) =>
    run.resources.filter((r) => urls.includes(r.name)).reduce((sum, r) => sum + r.encodedBodySize, 0);
  for (const [route, list] of results) {
    const sizes = await Promise.all(list.map((r) => gzipped(r.jsUrls)));
    const appSizes = await Promise.all(list.map((r) => gzipped(r.appJsUrls)));
    const sentKb = kb(median(list.map((r) => sent(r, r.jsUrls))));
    const appSentKb = kb(median(list.map((r) => sent(r, r.appJsUrls))));
    const times = list.map((r) => r.firstH1Ms);
    const jsKb = kb(median(sizes));
    const ms = median(times);
    const publicPage = route === 'visitor /' || route === 'visitor /about';
    if (publicPage && (jsKb > TARGETS.kb || ms > TARGETS.ms)) met = false;
    rows.push([
      route,
      jsKb.toFixed(1),
      sentKb.toFixed(1),
      median(list.map((r) => r.fcpMs)).toFixed(0),
      ms.toFixed(0),
      times.map((t) => t.toFixed(0)).join(' '),
      kb(median(appSizes)).toFixed(1),
      appSentKb.toFixed(1),
      median(list.map((r) => r.appH1Ms)).toFixed(0),
    ]);
    if (values.verbose) {
      const run = list[times.indexOf([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!)]!;
      verbose.push(
        `${route} (first h1 at ${run.firstH1Ms.toFixed(0)} ms, the app's at ${run.appH1Ms.toFixed(0)} ms):`,
      );
      for (const r of [...run.resources].sort((a, b) => a.startTime - b.startTime)) {
        const u = new URL(r.name);
        const mark = r.responseEnd < run.firstH1Ms ? ' ' : r.startTime < run.appH1Ms ? '+' : '*';
        verbose.push(
          `  ${mark} ${r.startTime.toFixed(0).padStart(5)} → ${r.responseEnd.toFixed(0).padStart(5)} ms  ${u.pathname}${u.search}`,
        );
      }
    }
  }
  const header = [
    'case',
    'KB gz JS before h1',
    'KB sent',
    'median ms to FCP',
    'median ms to h1',
    'runs (ms)',
    "KB gz JS before the app's h1",
    'KB sent',
    "median ms to the app's h1",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log();
  log(line(header));
  for (const row of rows) log(line(row));
  log();
  log(
    `targets for a visitor's / and /about: ≤ ${TARGETS.kb} KB gzipped JS, ≤ ${TARGETS.ms} ms to the first h1: ${met ? 'met' : 'NOT met'}`,
  );
  const h1 = (name: string) => {
    const list = results.get(name);
    return list?.length ? median(list.map((r) => r.firstH1Ms)) : undefined;
  };
  const visitor = h1('visitor /');
  for (const name of ['member /', 'member /account/profile', 'reader /']) {
    const ms = h1(name);
    if (visitor === undefined || ms === undefined) continue;
    const ratio = ms / visitor;
    const target =
      name === 'member /'
        ? `, target ≤ ${TARGETS.memberRatio}x: ${ratio <= TARGETS.memberRatio ? 'met' : 'NOT met'}`
        : '';
    log(
      `${name}: first h1 at ${ratio.toFixed(2)}x the visitor's painted / (${ms.toFixed(0)} against ${visitor.toFixed(0)} ms)${target}`,
    );
  }
  if (verbose.length) {
    log();
    log(
      "request timelines of the median runs (  = loaded before the first h1, + = asked before the app's h1, * = after):",
    );
    for (const v of verbose) log(v);
  }
}

async function main() {
  let baseUrl = values['base-url'];
  let stop: (() => Promise<void>) | undefined;
  let browser: Browser;
  if (baseUrl) {
    browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  } else {
    log('starting the platform as the browser tests do (build, embedded database, demo site)…');
    const provided: Record<string, string> = {};
    const project = { provide: (key: string, value: string) => (provided[key] = value) };
    stop = await startPlatform(project as unknown as TestProject);
    baseUrl = provided.e2eBaseUrl!;
    browser = await chromium.connect(provided.e2eBrowserWsEndpoint!);
    // the setup builds and seeds in the background, answering 503 until the platform is there (ready.ts)
    for (;;) {
      const answer = await fetch(`${baseUrl}${READY_PATH}`);
      if (answer.status === 200) break;
      if (answer.status === 500) throw new Error(`the platform did not start:\n${await answer.text()}`);
    }
  }
  baseUrl = baseUrl.replace(/\/$/, '');
  log(`base URL ${baseUrl}, ${runs} runs per case after one warm-up round, cold contexts`);

  try {
    const session = cases.some((c) => c.who === 'member') ? await signIn(baseUrl) : '';
    for (let time = 1; time <= repeat; time++) {
      if (repeat > 1) log(`\nmeasurement ${time} of ${repeat}`);
      await measureAll(browser, baseUrl, session);
    }
  } finally {
    await browser.close();
    await stop?.();
  }
}

await main();
