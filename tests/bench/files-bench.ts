/**
 * `npm run bench -- --only files` (issue 18): uploads through `POST /api/v1/services/files` (the whole platform as
 * `npm start` composes it, in a child process: multipart parsing, sha256, staging, the type from the content, the
 * record's event) beside, in the same run and in rotating turns, three baselines of the same bytes: a plain
 * stream from memory to a file in this process (the target's: the upload >= 0.5x of it), the same plain stream made
 * durable as an acknowledged upload is (the file flushed, then its folder, so that its name survives a crash too:
 * the fair baseline of a durable upload, its ratio printed beside the target's), and a bare Express endpoint in the
 * served process that streams the same request body to a file (what HTTP alone costs). The client sends each
 * body whole over a kept connection. Then the
 * preview time per image: a 4000x3000 JPEG through the intake (type, size, the sharp WebP variant), in this
 * process, and the same JPEG uploaded end to end. Last, what an upload costs beside its own path, in figures the
 * machine's load does not move: PostgreSQL's transactions and the CPU of the served process and of PostgreSQL per
 * 1 MB upload, the projectors' work after each answer included (uploadCost).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Agent, request } from 'node:http';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres, { type Sql } from 'postgres';
import sharp from 'sharp';
import { inspectUpload } from '@platform/infra/files/intake';
import { localBlobStore } from '@platform/infra/files/storage';
import type { BenchCluster } from './env.ts';
import { hostPlatform } from './query/harness.ts';
import { ticks } from './query/cpu-profile.ts';

/**
 * Random bytes behind a fixed text head: bare random bytes now and then begin like a known format (two bytes
 * suffice for some), and the upload, whose type is read from the content, was refused with 422 mid-run.
 */
function uploadBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('bench lcc bytes\n', 0, 'latin1');
  return bytes;
}

const MB = 1024 * 1024;
const ADMIN_TOKEN = 'bench-files-admin-token-0123456789abcdef';

export interface FilesBenchCounts {
  /** [size in bytes, uploads of that size] */
  sizes: Array<[number, number]>;
  images: number;
  /** 1 MB uploads one after the other whose cost to PostgreSQL and CPU is measured until the projections hold them */
  costed: number;
}
export const FILES_FULL: FilesBenchCounts = {
  sizes: [
    [1 * MB, 30],
    [100 * MB, 4],
  ],
  images: 5,
  costed: 50,
};
export const FILES_QUICK: FilesBenchCounts = {
  sizes: [
    [1 * MB, 5],
    [100 * MB, 1],
  ],
  images: 2,
  costed: 10,
};
export const FILES_TARGET = 0.5;

/**
 * A multipart body of one `file` part, built once: the client only writes it (fetch's FormData encoding of a
 * Blob runs at a few tens of MB/s and would be what the bench measures). The bench's files are `lcc` files,
 * decided by their extension: their content says nothing, so the path is timed, not a decoder.
 */
function multipart(bytes: Buffer, name: string): { body: Buffer; type: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The client's connections, kept between uploads as a browser keeps them (a fresh TCP connection per upload was a
 * cost of the bench's client, paid by both HTTP rows).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * POSTs a body, handed to the socket whole: the kernel takes it as fast as the server reads, without a turn of this
 * process's event loop per 64 KB (the bench's client wrote 64 KB chunks through a stream, each waiting for the
 * last's drain: on two loaded cores the client's own turns were part of what the upload rows measured). Resolves
 * with the status and the answer's text.
 */
function post(url: string, body: { body: Buffer; type: string }, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Type': body.type, 'Content-Length': String(body.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body.body);
  });
}

function* chunksOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const mbPerSecond = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const TICK_MS = 10;

/** user + system CPU of a process in ms (0 once it is gone) */
const cpuMsOf = (pid: number): number => ticks(pid) * TICK_MS;

/**
 * PostgreSQL's statistics of a backend reach pg_stat_database when it goes idle, at most once a second, and an idle
 * backend's pending counts wait up to 10 s more: read them once that has passed.
 */
const STATS_SETTLE_MS = 11_000;

/**
 * What uploads cost beside their own path, in figures the machine's load does not move: PostgreSQL's transactions
 * per upload (all of them, from pg_stat_database, and those that wrote, from the transaction ids handed out), and
 * the CPU per upload of the served process and of the database's backends, from the first upload until every live
 * projection's checkpoint has reached the last one's event (the projectors' work after each answer included). The
 * window's own queries (this function's polls) are counted and taken off.
 */
async function uploadCost(db: Sql, pid: number, times: number, upload: (turn: number) => Promise<void>) {
  let ownTransactions = 0;
  const q = async <T extends object>(run: () => Promise<T[]>) => {
    ownTransactions += 1;
    return run();
  };
  const commits = async () =>
    BigInt(
      (
        await q(
          () => db<{ n: string }[]>`
            select xact_commit::text as n from pg_stat_database where datname = current_database()`,
        )
      )[0]!.n,
    );
  // the next transaction id to be handed out: only a transaction that writes takes one
  const nextXid = async () =>
    BigInt(
      (await q(() => db<{ n: string }[]>`select pg_snapshot_xmax(pg_current_snapshot())::text as n`))[0]!.n,
    );
  const backends = async () =>
    (
      await q(
        () => db<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`,
      )
    ).map((r) => r.pid);
  const caughtUp = async () => {
    for (;;) {
      const [row] = await q(
        () => db<{ behind: number }[]>`
          with head as (select global_position from es_events order by transaction_id desc, global_position desc
                         limit 1)
          select count(*)::int as behind from projection_checkpoints, head
           where status = 'live' and position <> head.global_position`,
      );
      if (row!.behind === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await caughtUp();
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const before = { commits: await commits(), xid: await nextXid(), own: ownTransactions };
  const pids = await backends();
  const pgBefore = new Map(pids.map((p) => [p, cpuMsOf(p)]));
  const servedBefore = cpuMsOf(pid);
  for (let turn = 0; turn < times; turn++) await upload(turn);
  await caughtUp();
  const writes = Number((await nextXid()) - before.xid);
  const served = cpuMsOf(pid) - servedBefore;
  let postgresMs = 0;
  for (const p of await backends()) postgresMs += cpuMsOf(p) - (pgBefore.get(p) ?? 0);
  const own = ownTransactions - before.own;
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const all = Number((await commits()) - before.commits) - own;
  return {
    transactions: all / times,
    writes: writes / times,
    servedCpuMs: served / times,
    postgresCpuMs: postgresMs / times,
  };
}

export async function filesBench(options: {
  cluster: BenchCluster;
  counts: FilesBenchCounts;
  log: (line: string) => void;
  profileDir?: string;
}) {
  const { log, counts } = options;
  const dir = await mkdtemp(join(tmpdir(), 'files-bench-'));
  await mkdir(join(dir, 'plain'), { recursive: true });
  const databaseUrl = await options.cluster.createDatabase('files');
  const hosted = await hostPlatform({
    databaseUrl,
    adminToken: ADMIN_TOKEN,
    filesDir: dir,
    logLevel: 'warn',
    ...(options.profileDir ? { cpuProfileDir: options.profileDir } : {}),
  });
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const upload = async (body: { body: Buffer; type: string }) => {
    const answer = await post(`${hosted.platformUrl}/api/v1/services/files`, body, auth);
    if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${answer.text.slice(0, 300)}`);
  };
  const bare = async (body: { body: Buffer; type: string }) => {
    const answer = await post(`${hosted.bareUrl}/disk`, body);
    if (answer.status !== 201) throw new Error(`bare upload: ${answer.status}`);
  };
  const plain = async (bytes: Buffer, durable = false) => {
    const target = join(dir, 'plain', `${randomBytes(8).toString('hex')}.bin`);
    // the same 64 KB chunks the upload stream hands on; durable: the bytes flushed, then the folder holding the name
    await pipeline(Readable.from(chunksOf(bytes)), createWriteStream(target, { flush: durable }));
    if (durable) {
      const folder = await open(join(dir, 'plain'), 'r');
      await folder.sync();
      await folder.close();
    }
    await rm(target, { force: true });
  };
  const rows: Array<{ label: string; upload: number; bare: number; plain: number; durable: number }> = [];
  try {
    // warm-up: the first upload pays for module loading and the first plans
    await upload(multipart(uploadBytes(64 * 1024), 'warm.lcc'));
    for (const [size, times] of counts.sizes) {
      const ms = {
        upload: [] as number[],
        bare: [] as number[],
        plain: [] as number[],
        durable: [] as number[],
      };
      for (let turn = 0; turn < times; turn++) {
        // fresh bytes each turn (no blob is found already stored), the three in a rotating order
        const bytes = uploadBytes(size);
        const body = multipart(bytes, `bench-${turn}.lcc`);
        const runs: Array<[keyof typeof ms, () => Promise<void>]> = [
          ['upload', () => upload(body)],
          ['bare', () => bare(body)],
          ['plain', () => plain(bytes)],
          ['durable', () => plain(bytes, true)],
        ];
        const k = turn % runs.length;
        for (const [name, run] of [...runs.slice(k), ...runs.slice(0, k)]) ms[name].push(await timed(run));
      }
      const row = {
        label: `${size / MB} MB x ${times}`,
        upload: mbPerSecond(size, median(ms.upload)),
        bare: mbPerSecond(size, median(ms.bare)),
        plain: mbPerSecond(size, median(ms.plain)),
        durable: mbPerSecond(size, median(ms.durable)),
      };
      rows.push(row);
      log(
        `  ${row.label.padEnd(14)} upload ${row.upload.toFixed(0)} MB/s, bare HTTP to disk ${row.bare.toFixed(0)} MB/s, plain stream to disk ${row.plain.toFixed(0)} MB/s, the same made durable ${row.durable.toFixed(0)} MB/s (medians)`,
      );
    }

    // the preview per image: a photo-sized JPEG with detail in it (noise over a gradient), as a camera's would
    const { data: noise } = await sharp(randomBytes(4000 * 3000 * 3), {
      raw: { width: 4000, height: 3000, channels: 3 },
    })
      .blur(1.2)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const store = localBlobStore(join(dir, 'intake'));
    const intake: number[] = [];
    const endToEnd: number[] = [];
    for (let turn = 0; turn < counts.images + 1; turn++) {
      const staged = await store.stage(Readable.from([photo]), { maxBytes: photo.length });
      let discard = async () => staged.discard();
      const ms = await timed(async () => {
        const inspected = await inspectUpload(
          store,
          { staged, name: 'photo.jpg' },
          { pointer: '/file', imageLimit: 100 * MB },
        );
        discard = async () => {
          await inspected.preview?.staged.discard();
          await inspected.staged.discard();
        };
      });
      await discard();
      // a fresh JPEG each turn (one changed byte in its comment-free body would break it: append a byte instead)
      const body = multipart(Buffer.concat([photo, Buffer.from([turn])]), `photo-${turn}.jpg`);
      const whole = await timed(() => upload(body));
      // the first turn warms sharp's thread pool and caches
      if (turn > 0) {
        intake.push(ms);
        endToEnd.push(whole);
      }
    }
    // what each upload costs PostgreSQL and the CPU, the projectors' work after the answer included
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const cost = await uploadCost(db, hosted.pid, counts.costed, (turn) =>
        upload(multipart(uploadBytes(MB), `costed-${turn}.lcc`)),
      );
      log(
        `  1 MB x ${counts.costed}, one after the other, until the projections hold them: ${cost.transactions.toFixed(1)} PostgreSQL transactions per upload (${cost.writes.toFixed(1)} of them writing), CPU per upload ${cost.servedCpuMs.toFixed(1)} ms in the served process and ${cost.postgresCpuMs.toFixed(1)} ms in PostgreSQL`,
      );
    } finally {
      await db.end({ timeout: 5 });
    }
    log(
      `  4000x3000 JPEG (${(photo.length / MB).toFixed(1)} MB): intake with the WebP preview ${median(intake).toFixed(0)} ms, uploaded end to end ${median(endToEnd).toFixed(0)} ms (medians of ${counts.images})`,
    );
    log('');
    for (const row of rows) {
      const ratio = row.upload / row.plain;
      const durable = row.upload / row.durable;
      log(
        `${ratio >= FILES_TARGET ? 'PASS' : 'FAIL'}  upload ${row.label}: ${ratio.toFixed(2)}x the plain stream to disk (target >= ${FILES_TARGET}x); ${(row.upload / row.bare).toFixed(2)}x bare HTTP to disk`,
      );
      // the same target against the baseline that keeps the upload's guarantee (an acknowledged file survives a
      // crash): told beside it, the target's pass or fail stays the plain stream's
      log(
        `${durable >= FILES_TARGET ? 'pass' : 'fail'}  upload ${row.label}: ${durable.toFixed(2)}x the plain stream made durable (file and folder flushed; >= ${FILES_TARGET}x)`,
      );
      if (ratio < FILES_TARGET) process.exitCode = 1;
    }
  } finally {
    await hosted.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
