import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { ConflictError } from '@platform/contracts/errors';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor, type CommandMetadata } from '@platform/contracts/metadata';
import { pathClaimEventContracts, type PathOwner } from '@platform/contracts/paths';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { claimPath, pathClaimStreamId, pathOwner, releasePath, type ClaimDeps } from './claims.ts';

let db: TestDatabase;
let sql: Sql;
let deps: ClaimDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  const contracts = new EventContractRegistry(pathClaimEventContracts);
  deps = { eventStore: new PostgresEventStore({ sql, contracts }), contracts };
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

const metadata = (now = '2026-01-01T00:00:00.000Z'): CommandMetadata => ({
  now: new Date(now),
  actor: systemActor,
  correlationId: 'corr',
  causationId: randomUUID(),
});
const page = (): PathOwner => ({ type: 'app-page', id: randomUUID() });
const uniquePath = () => `/claims/${randomUUID()}`;

describe('claimPath / releasePath', () => {
  it('claims a free path once and answers the owner again without a new event', async () => {
    const path = uniquePath();
    const owner = page();
    expect((await claimPath(deps, path, owner, metadata())).claimed).toBe(true);
    expect((await claimPath(deps, `${path}/`, owner, metadata())).claimed).toBe(false);
    expect(await pathOwner(deps, path)).toEqual(owner);
    expect(await deps.eventStore.readStream(pathClaimStreamId(path))).toHaveLength(1);
  });

  it('refuses the same path, however written, to another owner', async () => {
    const path = uniquePath();
    await claimPath(deps, path, page(), metadata());
    const error = await claimPath(deps, `/${path}//`, page(), metadata(), {
      pointer: '/data/attributes/fromPath',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('conflict.duplicate_path');
    expect((error as ConflictError).issues[0]?.pointer).toBe('/data/attributes/fromPath');
  });

  it('frees the path only when its owner releases it', async () => {
    const path = uniquePath();
    const owner = page();
    const other: PathOwner = { type: 'app-redirection', id: randomUUID() };
    await claimPath(deps, path, owner, metadata());
    expect((await releasePath(deps, path, other, metadata())).released).toBe(false);
    expect(await pathOwner(deps, path)).toEqual(owner);
    expect((await releasePath(deps, path, owner, metadata())).released).toBe(true);
    expect(await pathOwner(deps, path)).toBeNull();
    expect((await claimPath(deps, path, other, metadata())).claimed).toBe(true);
    expect((await releasePath(deps, uniquePath(), owner, metadata())).released).toBe(false);
  });

  it('takes over a stale claim, and only a stale one', async () => {
    const path = uniquePath();
    const crashed = page();
    await claimPath(deps, path, crashed, metadata());
    const next = page();
    const holds = (answer: boolean) => async (owner: PathOwner) => {
      expect(owner).toEqual(crashed);
      return answer;
    };
    const later = metadata('2026-01-01T00:05:00.000Z');
    await expect(claimPath(deps, path, next, later, { stillHolds: holds(true) })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await claimPath(deps, path, next, later, { stillHolds: holds(false) })).claimed).toBe(true);
    expect(await pathOwner(deps, path)).toEqual(next);
  });

  it('never takes over a recent claim: its owner may be about to record itself', async () => {
    const path = uniquePath();
    await claimPath(deps, path, page(), metadata());
    const soon = metadata('2026-01-01T00:00:30.000Z');
    const stillHolds = async () => false;
    await expect(claimPath(deps, path, page(), soon, { stillHolds })).rejects.toBeInstanceOf(ConflictError);
    const custom = { stillHolds, staleAfterMs: 10_000 };
    expect((await claimPath(deps, path, page(), soon, custom)).claimed).toBe(true);
  });

  it('lets exactly one of many concurrent claimants win', async () => {
    const path = uniquePath();
    const owners = Array.from({ length: 12 }, page);
    const results = await Promise.allSettled(owners.map((o) => claimPath(deps, path, o, metadata())));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as ConflictError).code).toBe('conflict.duplicate_path');
    }
    const winner = owners[results.findIndex((r) => r.status === 'fulfilled')];
    expect(await pathOwner(deps, path)).toEqual(winner);
  });

  it('appends nothing new when a request is retried with its idempotency key', async () => {
    const path = uniquePath();
    const owner = page();
    const first = await claimPath(deps, path, owner, metadata(), { idempotencyKey: 'req-1' });
    const again = await claimPath(deps, path, owner, metadata(), { idempotencyKey: 'req-1' });
    expect(again.position).toBe(first.position);
    expect(await deps.eventStore.readStream(pathClaimStreamId(path))).toHaveLength(1);
  });
});
