import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { demoPages, featurePages } from './seed/demo-content.ts';
import { freePort } from '@platform/tests/support/free-port';

/**
 * `npm start` as a newcomer runs it: the host process on a fresh data directory with its own embedded
 * PostgreSQL, watched from outside through HTTP and its console.
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const ADMIN_TOKEN = 'start-test-admin-token-0123456789abcdef';

interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** everything the process printed so far */
  output(): string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platform-start-'));
  chmodSync(dir, 0o777); // the cluster runs as the postgres user when we are root
  dirs.push(dir);
  return dir;
}

async function startHost(dir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  // the embedded PostgreSQL of npm start, whatever database the test run itself uses
  const { DATABASE_URL: _database, LOG_FORMAT: _format, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(await freePort()),
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, started: Started): Promise<T> {
  // a bound for a hung start, not a wait: a first start migrates and seeds the whole demo site (rental commands
  // and images, badges) through real commands, minutes on a loaded two-core machine
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    if (started.child.exitCode !== null)
      throw new Error(`the host exited before ${what}:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}:\n${started.output()}`);
}

async function get(url: string, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(url, { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch {
    return undefined; // not listening yet
  }
}

describe('npm start on a fresh data directory', () => {
  // one data directory through three starts (each start initialises a cluster and seeds: minutes on two loaded
  // cores, so the scenarios share them): a first start stopped half-way, a second one completing the seeding
  // behind 503 answers and a "starting" page, a third one finding everything there
  it('completes on the next start a first seeding stopped half-way, answering 503 and a "starting" page until the demo site is there, and appends nothing twice', async () => {
    const dir = dataDir();
    // development logs on the first start, production logs (JSON) on the second
    const first = await startHost(dir);
    // stop the first start once it has seeded some pages and before it reached the menu and the accounts
    await until(
      'the seeding to be under way',
      async () =>
        (first.output().match(/POST \/api\/v1\/app-page-components 201/g) ?? []).length >= 6
          ? true
          : undefined,
      first,
    );
    first.child.kill('SIGINT');
    await first.exited;
    expect(first.output()).not.toContain('Platform listening on');
    expect(first.output()).not.toContain('POST /api/v1/users 201');
    // readable development logs: a time, a level and the request line
    expect(first.output()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/v1\/app-pages 201 \d+ ms$/m);
    expect(first.output()).not.toContain('"headers"');

    const second = await startHost(dir, { LOG_FORMAT: 'json' });
    const before: Array<{ status: number; retryAfter: string | null; body: string }> = [];
    const pages: string[] = [];
    const menu = await until(
      'the first menu answered with 200',
      async () => {
        const answer = await get(`${second.baseUrl}/api/v1/services/app-menu`);
        if (!answer) return undefined;
        if (answer.status === 200) return JSON.parse(answer.text) as { data: unknown[] };
        before.push({
          status: answer.status,
          retryAfter: answer.headers.get('retry-after'),
          body: answer.text,
        });
        if (pages.length < 2) {
          const page = await get(`${second.baseUrl}/about`, {
            accept: 'text/html',
            'accept-language': pages.length === 0 ? 'en' : 'fr-FR,fr;q=0.9',
          });
          if (page?.status === 503) pages.push(page.text);
        }
        return undefined;
      },
      second,
    );

    // the very first 200 already holds the seeded menu: no visitor ever sees an empty site
    expect(menu.data.length).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThan(0);
    for (const answer of before) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(answer.body).errors[0].code).toBe('unavailable.starting');
    }
    expect(pages[0]).toContain('<html lang="en">');
    expect(pages[0]).toContain('<h1>The site is starting</h1>');
    expect(pages[0]).toContain("fetch('/readyz'");
    expect(pages[1]).toContain('<html lang="fr">');
    expect(pages[1]).toContain('Le site démarre');

    const ready = await get(`${second.baseUrl}/readyz`);
    expect(ready?.status).toBe(200);
    const home = await get(`${second.baseUrl}/api/v1/services/routes/resolve?path=/`);
    expect(home?.status).toBe(200);
    await until(
      'the second start to open',
      async () => (second.output().includes('Platform listening on') ? true : undefined),
      second,
    );
    expect(second.output()).toContain('completing the demo seeding an earlier start began');

    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const listed = await get(`${second.baseUrl}/api/v1/app-pages?page[size]=100`, admin);
    const paths = (JSON.parse(listed!.text).data as Array<{ attributes: { path: string } }>).map(
      (p) => p.attributes.path,
    );
    // the rental and open badges features are on by default: their pages are seeded too
    expect(paths.sort()).toEqual([...demoPages, ...featurePages()].map((p) => p.path).sort());
    const users = await get(`${second.baseUrl}/api/v1/users?page[size]=100`, admin);
    expect(JSON.parse(users!.text).meta.total).toBe(demoAccounts.length);
    const login = await fetch(`${second.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);

    // production logs: one JSON object per line, request entries with their request line as the message
    const entries = second
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: unknown });
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.some((e) => /^POST \/api\/v1\/users 201 \d+ ms$/.test(e.msg) && e.req)).toBe(true);
    const plain = second
      .output()
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('{'));
    expect(plain.filter((line) => !/^(Bootstrap admin API token|Platform listening on)/.test(line))).toEqual(
      [],
    );

    // a third start finds the seeding complete and seeds nothing
    second.child.kill('SIGINT');
    await second.exited;
    const third = await startHost(dir);
    await until(
      'the third start to open',
      async () => (third.output().includes('Platform listening on') ? true : undefined),
      third,
    );
    expect(third.output()).not.toMatch(/POST \/api\/v1\//);
  }, 600_000);
});
