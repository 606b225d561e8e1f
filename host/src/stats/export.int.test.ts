import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayStatistics } from '@platform/projectors/stats/statistics-run';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { parseStatsArguments, statisticsRunSchema, writeExport } from './export.ts';

/**
 * The analysts' export (issue 22): statistics records sent through the real endpoint on two days, replayed into a
 * run's own schema and exported; the same log gives the same bytes, `--from` keeps the later day, and the command
 * itself (`npm run stats`) writes the same files and answers bad arguments with its usage and exit code 2.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const DAY_MS = 86_400_000;
let app: AccountsTestApp;
let sql: postgres.Sql;
let dir: string;
let firstDay: string;
let secondDay: string;

const BROWSER = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 export-${name}`;

async function send(records: Array<[string, string, string]>, headers: Record<string, string>) {
  const answer = await app.browser().call('POST', '/api/v1/services/stats/records', {
    body: {
      records: records.map(([event, resourceType, resourceId]) => ({ event, resourceType, resourceId })),
    },
    headers,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}

/** The command, as an analyst runs it (its own process, DATABASE_URL naming the platform's database). */
function runCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'host/src/stats-cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: app.databaseUrl }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) =>
        done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function exportOnce(format: 'csv' | 'json', from?: string): Promise<string> {
  const schema = statisticsRunSchema(new Date());
  await replayStatistics({
    sql,
    eventStore: app.platform.eventStore,
    schema,
    batchSize: 2,
    ...(from ? { from } : {}),
  });
  let text = '';
  await writeExport(sql, schema, format, async (chunk) => {
    text += chunk;
  });
  await sql.unsafe(`drop schema ${schema} cascade`);
  return text;
}

beforeAll(async () => {
  app = await startAccountsApp();
  sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  dir = mkdtempSync(join(tmpdir(), 'stats-export-'));
  firstDay = app.now().toISOString().slice(0, 10);
  const a = { 'User-Agent': BROWSER('one'), Origin: 'https://a.example' };
  await send(
    [
      ['view', 'articles', 'x-1'],
      ['view', 'articles', 'x-1'],
      ['download', 'files', 'f-1'],
    ],
    a,
  );
  await send([['view', 'articles', 'x-1']], { ...a, 'User-Agent': BROWSER('two') });
  await send([['view', 'app-pages', 'p-1']], { 'User-Agent': BROWSER('one') });
  app.advance(2 * DAY_MS);
  secondDay = app.now().toISOString().slice(0, 10);
  await send(
    [
      ['view', 'articles', 'x-1'],
      ['download', 'files', 'f-1'],
      ['download', 'files', 'f-1'],
    ],
    { 'User-Agent': BROWSER('one'), Referer: 'https://b.example/some/page' },
  );
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the statistics export', () => {
  it('exports the daily counts, sorted, the same bytes each time', async () => {
    const csv = await exportOnce('csv');
    expect(csv).toBe(
      [
        'day,resourceType,resourceId,event,origin,records,senders',
        `${firstDay},app-pages,p-1,view,direct,1,1`,
        // three views from two senders
        `${firstDay},articles,x-1,view,https://a.example,3,2`,
        `${firstDay},files,f-1,download,https://a.example,1,1`,
        `${secondDay},articles,x-1,view,https://b.example,1,1`,
        `${secondDay},files,f-1,download,https://b.example,2,1`,
        '',
      ].join('\n'),
    );
    expect(await exportOnce('csv')).toBe(csv);

    const json = await exportOnce('json');
    expect(JSON.parse(json)[1]).toEqual({
      day: firstDay,
      resourceType: 'articles',
      resourceId: 'x-1',
      event: 'view',
      origin: 'https://a.example',
      records: 3,
      senders: 2,
    });
    expect(JSON.parse(json)).toHaveLength(5);
    expect(await exportOnce('json')).toBe(json);

    // from the second day: its rows alone
    expect(await exportOnce('csv', secondDay)).toBe(
      [
        'day,resourceType,resourceId,event,origin,records,senders',
        `${secondDay},articles,x-1,view,https://b.example,1,1`,
        `${secondDay},files,f-1,download,https://b.example,2,1`,
        '',
      ].join('\n'),
    );
    // the live read model is untouched, and no run's schema is left behind
    const [live] = await sql<{ n: string }[]>`select count(*)::text as n from read.stats_daily_counts`;
    expect(live!.n).toBe('5');
  });

  it('is one command that writes both files, as the library does', async () => {
    const csvPath = join(dir, 'stats.csv');
    const jsonPath = join(dir, 'stats.json');
    const run = await runCommand(['--', '--csv', csvPath, '--json', jsonPath]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Replayed 4 StatsRecorded events \(8 records\)/);
    expect(readFileSync(csvPath, 'utf8')).toBe(await exportOnce('csv'));
    expect(readFileSync(jsonPath, 'utf8')).toBe(await exportOnce('json'));

    const fromDay = await runCommand(['--from', secondDay]);
    expect(fromDay.code, fromDay.stderr).toBe(0);
    expect(fromDay.stdout).toBe(await exportOnce('csv', secondDay));
    const left = await sql`select 1 from pg_namespace where nspname like 'stats_run_%'`;
    expect(left).toHaveLength(0);
  }, 120_000);

  it('answers bad arguments with its usage and exit code 2, touching nothing', async () => {
    const run = await runCommand(['--from', '2026-02-30']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--from takes a day written YYYY-MM-DD');
    expect(run.stderr).toContain('Usage: npm run stats');
    expect(run.stdout).toBe('');
    const unknown = await runCommand(['--since', '2026-01-01']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run stats');

    const wrong = (argv: string[]) => {
      const parsed = parseStatsArguments(argv);
      return parsed.ok ? null : parsed.message;
    };
    expect(wrong(['--from', '01/02/2026'])).toMatch(/YYYY-MM-DD/);
    expect(wrong(['--from'])).toMatch(/argument missing/);
    expect(wrong(['export.csv'])).toMatch(/positional/);
    expect(wrong(['--csv', '-', '--json', '-'])).toMatch(/Only one export/);
    expect(wrong(['--csv', '--json'])).not.toBeNull();
    expect(wrong(['--batch-size', '0'])).toMatch(/--batch-size/);
    expect(wrong(['--batch-size', '1e3'])).toMatch(/--batch-size/);
    expect(parseStatsArguments(['--', '--from', '2024-02-29'])).toEqual({
      ok: true,
      value: { from: '2024-02-29', csv: '-', batchSize: 2000, keep: false, help: false },
    });
  }, 60_000);
});
