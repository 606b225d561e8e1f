import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createHash } from 'node:crypto';
import { ConflictError, ValidationError } from '@platform/contracts/errors';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor, type CommandMetadata } from '@platform/contracts/metadata';
import { pathClaimEventContracts, type PathOwner } from '@platform/contracts/paths';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { deriveId } from '../handler.ts';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import {
  claimUniqueValue,
  holderOf,
  releaseUniqueValue,
  SITE_PATH_SCOPE,
  uniqueValueStreamId,
  withUniqueValues,
  type ClaimOptions,
  type UniqueValueDeps,
  type UniqueValueScope,
} from './unique-values.ts';

let db: TestDatabase;
let sql: Sql;
let deps: UniqueValueDeps;

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

const claimPath = (path: string, owner: PathOwner, m: CommandMetadata, options?: ClaimOptions) =>
  claimUniqueValue(deps, SITE_PATH_SCOPE, path, owner, m, options);
const releasePath = (path: string, owner: PathOwner, m: CommandMetadata) =>
  releaseUniqueValue(deps, SITE_PATH_SCOPE, path, owner, m);
const pathOwner = (path: string) => holderOf(deps, SITE_PATH_SCOPE, path);
const pathClaimStreamId = (path: string) => uniqueValueStreamId(SITE_PATH_SCOPE, path);

describe('claimUniqueValue / releaseUniqueValue (site paths)', () => {
  it('claims a free path once and answers the owner again without a new event', async () => {
    const path = uniquePath();
    const owner = page();
    expect((await claimPath(path, owner, metadata())).claimed).toBe(true);
    expect((await claimPath(`${path}/`, owner, metadata())).claimed).toBe(false);
    expect(await pathOwner(path)).toEqual(owner);
    expect(await deps.eventStore.readStream(pathClaimStreamId(path))).toHaveLength(1);
  });

  it('refuses the same path, however written, to another owner', async () => {
    const path = uniquePath();
    await claimPath(path, page(), metadata());
    const error = await claimPath(`/${path}//`, page(), metadata(), {
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
    await claimPath(path, owner, metadata());
    expect((await releasePath(path, other, metadata())).released).toBe(false);
    expect(await pathOwner(path)).toEqual(owner);
    expect((await releasePath(path, owner, metadata())).released).toBe(true);
    expect(await pathOwner(path)).toBeNull();
    expect((await claimPath(path, other, metadata())).claimed).toBe(true);
    expect((await releasePath(uniquePath(), owner, metadata())).released).toBe(false);
  });

  it('takes over a stale claim, and only a stale one', async () => {
    const path = uniquePath();
    const crashed = page();
    await claimPath(path, crashed, metadata());
    const next = page();
    const holds = (answer: boolean) => async (owner: PathOwner) => {
      expect(owner).toEqual(crashed);
      return answer;
    };
    const later = metadata('2026-01-01T00:05:00.000Z');
    await expect(claimPath(path, next, later, { stillHolds: holds(true) })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await claimPath(path, next, later, { stillHolds: holds(false) })).claimed).toBe(true);
    expect(await pathOwner(path)).toEqual(next);
  });

  it('never takes over a recent claim: its owner may be about to record itself', async () => {
    const path = uniquePath();
    await claimPath(path, page(), metadata());
    const soon = metadata('2026-01-01T00:00:30.000Z');
    const stillHolds = async () => false;
    await expect(claimPath(path, page(), soon, { stillHolds })).rejects.toBeInstanceOf(ConflictError);
    const custom = { stillHolds, staleAfterMs: 10_000 };
    expect((await claimPath(path, page(), soon, custom)).claimed).toBe(true);
  });

  it('lets exactly one of many concurrent claimants win', async () => {
    const path = uniquePath();
    const owners = Array.from({ length: 12 }, page);
    const results = await Promise.allSettled(owners.map((o) => claimPath(path, o, metadata())));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as ConflictError).code).toBe('conflict.duplicate_path');
    }
    const winner = owners[results.findIndex((r) => r.status === 'fulfilled')];
    expect(await pathOwner(path)).toEqual(winner);
  });

  it('appends nothing new when a request is retried with its idempotency key', async () => {
    const path = uniquePath();
    const owner = page();
    const first = await claimPath(path, owner, metadata(), { idempotencyKey: 'req-1' });
    const again = await claimPath(path, owner, metadata(), { idempotencyKey: 'req-1' });
    expect(again.position).toBe(first.position);
    expect(await deps.eventStore.readStream(pathClaimStreamId(path))).toHaveLength(1);
  });
});

describe('the stored claims', () => {
  it('keep their stream names and events: pathclaim-<sha1(normal form)>, PathClaimed { path, owner }', async () => {
    const path = uniquePath();
    const owner = page();
    const stream = `pathclaim-${createHash('sha1').update(path).digest('hex')}`;
    expect(uniqueValueStreamId(SITE_PATH_SCOPE, `${path}/`)).toBe(stream);
    await claimPath(path, owner, metadata());
    await releasePath(path, owner, metadata());
    const stored = await deps.eventStore.readStream(stream);
    expect(stored.map((e) => [e.type, e.data])).toEqual([
      ['PathClaimed', { path, owner }],
      ['PathReleased', { path, owner }],
    ]);
  });
});

describe('withUniqueValues', () => {
  /** a scope of its own, compared without case, as e-mail addresses are */
  const CODE_SCOPE: UniqueValueScope = {
    category: 'testcodeclaim',
    normalise: (v) => v.trim().toLowerCase(),
    conflictCode: 'conflict.duplicate_value',
    noun: 'code',
  };
  const holder = (): PathOwner => ({ type: 'widgets', id: randomUUID() });
  const uniqueCode = () => `Code-${randomUUID()}`;
  const codeHolder = (code: string) => holderOf(deps, CODE_SCOPE, code);
  const claimStream = (code: string) => uniqueValueStreamId(CODE_SCOPE, code);
  const refused = () => new ValidationError([{ code: 'validation.invalid', detail: 'refused' }]);

  it('claims the new values, runs the append, then releases the previous ones', async () => {
    const [code, oldCode, path] = [uniqueCode(), uniqueCode(), uniquePath()];
    const widget = holder();
    await claimUniqueValue(deps, CODE_SCOPE, oldCode, widget, metadata());
    const seen: Array<unknown> = [];
    const answer = await withUniqueValues(
      deps,
      {
        holder: widget,
        metadata: metadata(),
        values: [
          { scope: CODE_SCOPE, value: code, previous: oldCode },
          { scope: SITE_PATH_SCOPE, value: path },
        ],
      },
      async () => {
        // the append runs once the new values are held, the old one not yet released
        seen.push(await codeHolder(code), await pathOwner(path), await codeHolder(oldCode));
        return 'recorded';
      },
    );
    expect(answer).toBe('recorded');
    expect(seen).toEqual([widget, widget, widget]);
    expect(await codeHolder(code)).toEqual(widget);
    expect(await pathOwner(path)).toEqual(widget);
    expect(await codeHolder(oldCode)).toBeNull();
  });

  it('claims a value for the holder a change names, when it names the record otherwise', async () => {
    const [code, path, oldPath] = [uniqueCode(), uniquePath(), uniquePath()];
    const id = randomUUID();
    const asType: PathOwner = { type: 'app-widgets', id };
    const asSingular: PathOwner = { type: 'app-widget', id };
    await claimPath(oldPath, asSingular, metadata());
    const values = [
      { scope: CODE_SCOPE, value: code },
      { scope: SITE_PATH_SCOPE, value: path, previous: oldPath, holder: asSingular },
    ];
    await withUniqueValues(deps, { holder: asType, metadata: metadata(), values }, async () => 'saved');
    expect(await codeHolder(code)).toEqual(asType);
    expect(await pathOwner(path)).toEqual(asSingular);
    expect(await pathOwner(oldPath)).toBeNull();
  });

  it('releases the previous value when the holder has none after the command (a delete)', async () => {
    const code = uniqueCode();
    const widget = holder();
    await claimUniqueValue(deps, CODE_SCOPE, code, widget, metadata());
    const values = [{ scope: CODE_SCOPE, value: null, previous: code }];
    await withUniqueValues(deps, { holder: widget, metadata: metadata(), values }, async () => 'deleted');
    expect(await codeHolder(code)).toBeNull();
  });

  it('neither claims nor releases a value whose normal form stays the same', async () => {
    const code = uniqueCode();
    const widget = holder();
    await claimUniqueValue(deps, CODE_SCOPE, code, widget, metadata());
    const values = [{ scope: CODE_SCOPE, value: code.toUpperCase(), previous: code }];
    await withUniqueValues(deps, { holder: widget, metadata: metadata(), values }, async () => 'renamed');
    expect(await codeHolder(code)).toEqual(widget);
    expect(await deps.eventStore.readStream(claimStream(code))).toHaveLength(1);
  });

  it('refuses a value another holder has before anything is appended', async () => {
    const code = uniqueCode();
    await claimUniqueValue(deps, CODE_SCOPE, code, holder(), metadata());
    let appended = false;
    const values = [{ scope: CODE_SCOPE, value: code, pointer: '/data/attributes/code' }];
    const error = await withUniqueValues(
      deps,
      { holder: holder(), metadata: metadata(), values },
      async () => {
        appended = true;
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('conflict.duplicate_value');
    expect((error as ConflictError).issues[0]?.pointer).toBe('/data/attributes/code');
    expect(appended).toBe(false);
  });

  it('keeps every claim when the append is refused, unless asked to release what it just claimed', async () => {
    const [kept, released, already, old] = [uniqueCode(), uniqueCode(), uniqueCode(), uniqueCode()];
    const widget = holder();
    await claimUniqueValue(deps, CODE_SCOPE, already, widget, metadata());
    await claimUniqueValue(deps, CODE_SCOPE, old, widget, metadata());
    const run = (value: string, releaseClaimedOnRefusal: boolean) =>
      withUniqueValues(
        deps,
        {
          holder: widget,
          metadata: metadata(),
          values: [
            { scope: CODE_SCOPE, value, previous: old },
            { scope: SITE_PATH_SCOPE, value: null, previous: null },
            { scope: CODE_SCOPE, value: already },
          ],
          releaseClaimedOnRefusal,
        },
        async () => {
          throw refused();
        },
      );
    await expect(run(kept, false)).rejects.toBeInstanceOf(ValidationError);
    expect(await codeHolder(kept)).toEqual(widget);
    await expect(run(released, true)).rejects.toBeInstanceOf(ValidationError);
    expect(await codeHolder(released)).toBeNull();
    // what it held before the command stays held: the claim it did not make, and the previous value
    expect(await codeHolder(already)).toEqual(widget);
    expect(await codeHolder(old)).toEqual(widget);
  });

  it('keeps its claims when the append fails without a refusal: it may have been recorded', async () => {
    const code = uniqueCode();
    const widget = holder();
    const values = [{ scope: CODE_SCOPE, value: code }];
    const failing = withUniqueValues(
      deps,
      { holder: widget, metadata: metadata(), values, releaseClaimedOnRefusal: true },
      async () => {
        throw new Error('connection lost');
      },
    );
    await expect(failing).rejects.toThrow('connection lost');
    expect(await codeHolder(code)).toEqual(widget);
  });

  it('derives the claim and release event ids from the idempotency key, as a retried request needs', async () => {
    const [code, oldCode] = [uniqueCode(), uniqueCode()];
    const widget = holder();
    await claimUniqueValue(deps, CODE_SCOPE, oldCode, widget, metadata());
    const key = randomUUID();
    const values = [{ scope: CODE_SCOPE, value: code, previous: oldCode, idempotencyKey: key }];
    await withUniqueValues(deps, { holder: widget, metadata: metadata(), values }, async () => 'recorded');
    const [claimed] = await deps.eventStore.readStream(claimStream(code));
    const [, released] = await deps.eventStore.readStream(claimStream(oldCode));
    expect(claimed?.eventId).toBe(deriveId(`${key}:claim`, claimStream(code), 0));
    expect(released?.eventId).toBe(deriveId(`${key}:release`, claimStream(oldCode), 0));
  });
});
