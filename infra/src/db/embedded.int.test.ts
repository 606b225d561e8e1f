import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresStartError, startEmbeddedPostgres } from './embedded.ts';

let dir: string;
let taken: Server;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'embedded-pg-'));
  // run as root, the cluster belongs to the postgres user, who must reach the data directory inside
  await chmod(dir, 0o755);
  // the port PostgreSQL is asked for, already held by another listener
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('says why it did not start, in PostgreSQL’s own words', async () => {
    const failed = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(EmbeddedPostgresStartError);
    const error = failed as EmbeddedPostgresStartError;
    expect(error.step).toBe('start');
    expect(error.port).toBe(port);
    expect(error.message).toContain(`port ${port}`);
    expect(error.message).toMatch(/Address already in use/);
  }, 60_000);
});
