import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import {
  contributionMachine,
  type LoadedProduct,
  type LoadRequest,
  type PageLoad,
  type ReferenceLists,
  type SaveOutcome,
  type SaveRequest,
} from './contribution.machine.ts';
import { emptyValues } from './contribution-values.ts';

const LISTS: ReferenceLists = {
  compatibleSystems: [{ id: 's1', name: 'Windows' }],
  accessTypes: [
    { id: 'pointing', name: 'pointing' },
    { id: 'scanning', name: 'scanning' },
  ],
  integrationType: [
    { id: 'direct', name: 'direct' },
    { id: 'third_party', name: 'third_party' },
  ],
  keyboardTypes: [],
  pictogramTypes: [],
  conjugationTypes: [],
  sellers: [{ id: 'v1', name: 'Voices Ltd' }],
};

const product = (attributes: Partial<LoadedProduct> = {}): LoadedProduct => ({
  id: 'p1',
  values: { ...emptyValues(), name: 'TalkPad', accessTypes: ['pointing'], description: 'One.\n\nTwo.' },
  version: '4',
  published: false,
  editable: true,
  ...attributes,
});

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

interface Fakes {
  load?: (request: LoadRequest) => Promise<PageLoad>;
  save?: (request: SaveRequest) => Promise<SaveOutcome>;
}

function start(productId: string | null, fakes: Fakes = {}, minPosition: string | null = null) {
  const calls = { load: [] as LoadRequest[], save: [] as SaveRequest[] };
  let key = 0;
  const actor = createActor(
    contributionMachine.provide({
      actors: {
        load: fromPromise(({ input }: { input: LoadRequest }) => {
          calls.load.push(input);
          return (
            fakes.load?.(input) ??
            Promise.resolve({ lists: LISTS, product: input.productId ? product() : null })
          );
        }),
        save: fromPromise(({ input }: { input: SaveRequest }) => {
          calls.save.push(input);
          return fakes.save?.(input) ?? Promise.resolve({ kind: 'saved', id: 'p9', position: '77' } as const);
        }),
      },
    }),
    { input: { productId, minPosition, newKey: () => `key-${++key}` } },
  );
  actor.start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof start>['actor'], state: string) =>
  waitFor(actor, (s) => s.matches(state as never));

describe('the AAC contribution flow', () => {
  it('loads the lists, checks the name before sending, then creates the product once and is saved', async () => {
    const { actor, calls } = start(null);
    expect(actor.getSnapshot().value).toBe('loading');
    await settled(actor, 'editing');
    expect(actor.getSnapshot().context.lists).toEqual(LISTS);
    expect(calls.load).toEqual([{ productId: null, minPosition: null }]);

    actor.send({ type: 'user.edit', values: { website: 'example.org' } });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      name: { kind: 'client', problem: 'required' },
      website: { kind: 'client', problem: 'website' },
    });
    expect(actor.getSnapshot().context.refusals).toBe(1);
    expect(calls.save).toHaveLength(0);

    // an edit clears its field's problem only
    actor.send({ type: 'user.edit', values: { name: ' TalkPad ' } });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['website']);
    actor.send({
      type: 'user.edit',
      values: { website: 'https://example.org', accessTypes: ['scanning'], integrationType: 'direct' },
    });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    // a second press while saving sends nothing more
    actor.send({ type: 'user.submit' });
    await settled(actor, 'saved');
    expect(calls.save).toHaveLength(1);
    const [request] = calls.save;
    expect(request).toMatchObject({ productId: null, version: null, idempotencyKey: 'key-1' });
    expect(request!.document.attributes).toEqual({
      name: 'TalkPad',
      shortDescription: null,
      description: '',
      website: 'https://example.org',
      isDevice: false,
    });
    expect(request!.document.relationships).toMatchObject({
      accessTypes: { data: [{ type: 'aac-access-types', id: 'scanning' }] },
      integrationType: { data: { type: 'aac-integration-types', id: 'direct' } },
      sellers: { data: [] },
      image: { data: null },
    });
    expect(actor.getSnapshot().context.saved).toEqual({ id: 'p9', position: '77' });
  });

  it('edits a product at the position it was saved at, sending only what changed with its version', async () => {
    const { actor, calls } = start('p1', {}, '70');
    await settled(actor, 'editing');
    expect(calls.load).toEqual([{ productId: 'p1', minPosition: '70' }]);
    expect(actor.getSnapshot().context.values.name).toBe('TalkPad');
    actor.send({ type: 'user.edit', values: { accessTypes: ['pointing', 'scanning'] } });
    actor.send({ type: 'user.submit' });
    await settled(actor, 'saved');
    expect(calls.save[0]).toMatchObject({
      productId: 'p1',
      version: '4',
      document: {
        attributes: {},
        relationships: {
          accessTypes: {
            data: [
              { type: 'aac-access-types', id: 'pointing' },
              { type: 'aac-access-types', id: 'scanning' },
            ],
          },
        },
      },
    });
  });

  it('puts the server’s 422 on its fields and keeps what was typed; a resend goes when fixed', async () => {
    const outcomes: SaveOutcome[] = [
      {
        kind: 'refused',
        errors: { website: { kind: 'server', code: 'validation.invalid_url', detail: 'Invalid url' } },
      },
      { kind: 'saved', id: 'p9', position: '80' },
    ];
    const { actor, calls } = start(null, { save: () => Promise.resolve(outcomes.shift()!) });
    await settled(actor, 'editing');
    actor.send({ type: 'user.edit', values: { name: 'TalkPad', website: 'https://local' } });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.refusals === 1);
    expect(actor.getSnapshot().context.errors.website).toMatchObject({
      kind: 'server',
      detail: 'Invalid url',
    });
    expect(actor.getSnapshot().context.values.name).toBe('TalkPad');
    actor.send({ type: 'user.submit' });
    await settled(actor, 'saved');
    // the same new product: a resend after a refusal keeps its key
    expect(calls.save.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it.each([
    ['conflict', 'conflict'],
    ['forbidden', 'forbidden'],
    ['notFound', 'notFound'],
    ['failed', 'failed'],
  ] as const)('says a %s above the form, what was typed kept', async (kind, notice) => {
    const { actor } = start('p1', { save: () => Promise.resolve({ kind }) });
    await settled(actor, 'editing');
    actor.send({ type: 'user.edit', values: { shortDescription: 'Mine' } });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.refusals === 1);
    expect(actor.getSnapshot().context.notice).toBe(notice);
    expect(actor.getSnapshot().context.values.shortDescription).toBe('Mine');
  });

  it('after a conflict, reloads the product as it now stands when asked', async () => {
    const versions = ['4', '5'];
    const { actor, calls } = start('p1', {
      load: () => Promise.resolve({ lists: LISTS, product: product({ version: versions.shift()! }) }),
      save: () => Promise.resolve({ kind: 'conflict' }),
    });
    await settled(actor, 'editing');
    actor.send({ type: 'user.edit', values: { name: 'Mine' } });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.notice === 'conflict');
    actor.send({ type: 'user.reload' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.product?.version === '5');
    expect(actor.getSnapshot().context.values.name).toBe('TalkPad');
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(calls.load).toHaveLength(2);
  });

  it('a save that throws is a failure said in words', async () => {
    const { actor } = start(null, { save: () => Promise.reject(new Error('boom')) });
    await settled(actor, 'editing');
    actor.send({ type: 'user.edit', values: { name: 'TalkPad' } });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.notice === 'failed');
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses a product that is not the viewer’s before anything is typed', async () => {
    const { actor } = start('p1', {
      load: () => Promise.resolve({ lists: LISTS, product: product({ editable: false }) }),
    });
    await settled(actor, 'forbidden');
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('forbidden');
  });

  it.each([
    ['not-found', 'notFound'],
    ['forbidden', 'forbidden'],
    ['network', 'loadFailed'],
  ] as const)('a load answered %s is %s', async (kind, state) => {
    const { actor } = start('p1', { load: () => Promise.reject(new ApiError(kind, kind)) });
    await settled(actor, state);
  });

  it('tries the load again after a failure', async () => {
    const first = later<PageLoad>();
    let loads = 0;
    const { actor } = start(null, {
      load: () => (++loads === 1 ? Promise.reject(new ApiError('network', 'Network Error')) : first.promise),
    });
    await settled(actor, 'loadFailed');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    first.resolve({ lists: LISTS, product: null });
    await settled(actor, 'editing');
  });
});
