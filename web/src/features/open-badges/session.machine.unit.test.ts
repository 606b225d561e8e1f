import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { createApiClient } from '../../kit/api/client.ts';
import {
  currentModule,
  sessionActors,
  sessionMachine,
  sessionStage,
  type SessionEvent,
} from './session.machine.ts';
import { readSession } from './sessions-api.ts';
import { SESSION_ID, sessionDocument, sessionResource } from './testing.ts';

type Reply = { status: number; body: unknown } | 'network';
const ok = (body: unknown): Reply => ({ status: 200, body });
const written = (position: string): Reply => ({
  status: 200,
  body: { ...sessionDocument('in_progress'), meta: { position } },
});
const refused = (status: number, code: string, detail: string): Reply => ({
  status,
  body: { errors: [{ status: String(status), code, detail }] },
});

const GET = `GET /api/v1/services/open-badges/sessions/${SESSION_ID}`;
const POST = `POST /api/v1/services/open-badges/sessions/${SESSION_ID}/actions`;

/**
 * The machine over the real API client, fetch answering from a script per method and path; the watcher is a
 * fake whose starts and stops are counted (the test sends its ticks itself).
 */
function start(script: Record<string, Reply[]>, input: { position?: string } = {}) {
  const sent: Array<{ call: string; query: URLSearchParams; body: unknown }> = [];
  const fetchFn = async (request: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(request), 'http://platform.test');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    sent.push({
      call,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = script[call]?.shift();
    if (!reply) throw new Error(`no scripted answer left for ${call}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api/v1', fetch: fetchFn as typeof fetch, locale: () => 'en' });
  const watcher = { running: 0, started: 0 };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        ...sessionActors(api),
        watch: fromCallback<SessionEvent>(() => {
          watcher.running += 1;
          watcher.started += 1;
          return () => {
            watcher.running -= 1;
          };
        }),
      },
    }),
    { input: { sessionId: SESSION_ID, ...input } },
  );
  actor.start();
  return { actor, sent, watcher };
}
type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('pending'));
const idle = (actor: Actor) =>
  waitFor(
    actor,
    (s) =>
      !s.hasTag('pending') &&
      !s.matches({ requested: 'checking' } as never) &&
      !s.matches({ finished: 'checking' } as never),
  );
const posted = (sent: ReturnType<typeof start>['sent']) =>
  sent
    .filter((s) => s.call === POST)
    .map((s) => (s.body as { data: { attributes: unknown } }).data.attributes);

describe('the training session machine: a reload resumes at the server’s stage', () => {
  const stages: Array<[string, ReturnType<typeof sessionResource>, string | object]> = [
    ['requested', sessionResource('requested'), { requested: 'idle' }],
    ['refused', sessionResource('refused'), 'refused'],
    ['accepted', sessionResource('accepted'), 'accepted'],
    [
      'in progress, module 2 to start',
      sessionResource('in_progress', { finished: 1 }),
      { inModule: 'toStart' },
    ],
    [
      'in progress, module 2 being read',
      sessionResource('in_progress', { finished: 1, started: true }),
      { inModule: 'reading' },
    ],
    ['finished', sessionResource('finished'), { finished: 'idle' }],
    ['awarded', sessionResource('awarded'), 'awarded'],
  ];
  it.each(stages)('%s', async (_, resource, state) => {
    const { actor, sent } = start({ [GET]: [ok({ data: resource })] });
    await settled(actor);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    expect(actor.getSnapshot().context.session?.status).toBe(resource.attributes.status);
    expect(sent.map((s) => s.call)).toEqual([GET]);
  });

  it('the stage and the current module are derived from status and currentPosition', async () => {
    const { actor } = start({ [GET]: [ok(sessionDocument('in_progress', { finished: 2, started: true }))] });
    await settled(actor);
    const session = actor.getSnapshot().context.session!;
    expect(sessionStage(session)).toBe('reading');
    expect(currentModule(session)?.title).toBe('Final check');
    expect(currentModule({ ...session, currentPosition: null })).toBeNull();
  });

  it('a link’s position is the first read’s minPosition', async () => {
    const { actor, sent } = start({ [GET]: [ok(sessionDocument('requested'))] }, { position: '77' });
    await settled(actor);
    expect(sent[0]!.query.get('minPosition')).toBe('77');
  });

  it('a failed read is the failed state with its error; retrying reads again', async () => {
    const { actor } = start({
      [GET]: [refused(404, 'not_found', 'no such session'), ok(sessionDocument('accepted'))],
    });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ kind: 'not-found' });
    actor.send({ type: 'user.retry' });
    await settled(actor);
    expect(actor.getSnapshot().matches('accepted')).toBe(true);
  });
});

describe('the training session machine: waiting on the issuer', () => {
  it('requested: the watcher runs; a tick reads the session again and stays while nothing changed', async () => {
    const { actor, sent, watcher } = start({
      [GET]: [ok(sessionDocument('requested')), ok(sessionDocument('requested'))],
    });
    await settled(actor);
    expect(watcher.running).toBe(1);
    actor.send({ type: 'watch.tick' });
    expect(actor.getSnapshot().matches({ requested: 'checking' })).toBe(true);
    await idle(actor);
    expect(actor.getSnapshot().matches({ requested: 'idle' })).toBe(true);
    expect(sent.filter((s) => s.call === GET)).toHaveLength(2);
    // the same watcher keeps running: no restart while the stage stays
    expect(watcher.started).toBe(1);
  });

  it('the issuer’s acceptance arrives while the page is open: accepted, the watcher stopped', async () => {
    const { actor, watcher } = start({
      [GET]: [ok(sessionDocument('requested')), ok(sessionDocument('accepted'))],
    });
    await settled(actor);
    actor.send({ type: 'watch.tick' });
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(watcher.running).toBe(0);
  });

  it('the issuer’s refusal arrives with its reason', async () => {
    const { actor, watcher } = start({
      [GET]: [
        ok(sessionDocument('requested')),
        ok(sessionDocument('refused', { refusedReason: 'Not this term' })),
      ],
    });
    await settled(actor);
    actor.send({ type: 'watch.tick' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.session?.refusedReason).toBe('Not this term');
    expect(watcher.running).toBe(0);
  });

  it('a read lost while polling waits for the next tick, on the same stage', async () => {
    const { actor } = start({
      [GET]: [ok(sessionDocument('requested')), 'network', ok(sessionDocument('accepted'))],
    });
    await settled(actor);
    actor.send({ type: 'watch.tick' });
    await idle(actor);
    expect(actor.getSnapshot().matches({ requested: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBeNull();
    actor.send({ type: 'watch.tick' });
    await waitFor(actor, (s) => s.matches('accepted'));
  });

  it('finished: the award is awaited by polling, then awarded with its assertion', async () => {
    const { actor, watcher } = start({
      [GET]: [
        ok(sessionDocument('finished')),
        ok(sessionDocument('finished')),
        ok(sessionDocument('awarded')),
      ],
    });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(watcher.running).toBe(1);
    actor.send({ type: 'watch.tick' });
    await idle(actor);
    expect(actor.getSnapshot().matches({ finished: 'idle' })).toBe(true);
    actor.send({ type: 'watch.tick' });
    await waitFor(actor, (s) => s.matches('awarded'));
    expect(actor.getSnapshot().context.session?.assertionId).toBeTruthy();
    expect(watcher.running).toBe(0);
  });

  it('no watcher runs on a stage the member moves on by themselves; ticks are ignored there', async () => {
    const { actor, sent, watcher } = start({ [GET]: [ok(sessionDocument('accepted'))] });
    await settled(actor);
    actor.send({ type: 'watch.tick' });
    expect(watcher.started).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

describe('the training session machine: the member works through the modules', () => {
  const flows: Array<
    [
      string,
      ReturnType<typeof sessionResource>,
      SessionEvent,
      unknown,
      ReturnType<typeof sessionResource>,
      object | string,
    ]
  > = [
    [
      'accepted: start module 1',
      sessionResource('accepted'),
      { type: 'user.start' },
      { action: 'start-module', position: 1 },
      sessionResource('in_progress', { started: true }),
      { inModule: 'reading' },
    ],
    [
      'module 2 to start: start it',
      sessionResource('in_progress', { finished: 1 }),
      { type: 'user.start' },
      { action: 'start-module', position: 2 },
      sessionResource('in_progress', { finished: 1, started: true }),
      { inModule: 'reading' },
    ],
    [
      'module 1 read: finish it, module 2 opens',
      sessionResource('in_progress', { started: true }),
      { type: 'user.finish' },
      { action: 'finish-module', position: 1 },
      sessionResource('in_progress', { finished: 1 }),
      { inModule: 'toStart' },
    ],
    [
      'the last module read: finish it, the session is finished',
      sessionResource('in_progress', { finished: 2, started: true }),
      { type: 'user.finish' },
      { action: 'finish-module', position: 3 },
      sessionResource('finished'),
      { finished: 'idle' },
    ],
  ];
  it.each(flows)('%s', async (_, from, event, action, to, state) => {
    const { actor, sent } = start({
      [GET]: [ok({ data: from }), ok({ data: to })],
      [POST]: [written('42')],
    });
    await settled(actor);
    actor.send(event);
    expect(actor.getSnapshot().value).toBe('sending');
    await settled(actor);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    expect(posted(sent)).toEqual([action]);
    expect(sent.find((s) => s.call === POST)!.body).toEqual({
      data: { type: 'open-badge-training-session-actions', attributes: action },
    });
    const reads = sent.filter((s) => s.call === GET);
    expect(reads).toHaveLength(2);
    expect(reads[1]!.query.get('minPosition')).toBe('42');
    expect(actor.getSnapshot().context).toMatchObject({
      done: (action as { action: string }).action,
      problem: null,
      position: '42',
    });
  });

  const refusedMoves: Array<[string, ReturnType<typeof sessionResource>, SessionEvent]> = [
    [
      'finish while the module is not started',
      sessionResource('in_progress', { finished: 1 }),
      { type: 'user.finish' },
    ],
    [
      'start while the module is being read',
      sessionResource('in_progress', { started: true }),
      { type: 'user.start' },
    ],
    ['start while the issuer has not decided', sessionResource('requested'), { type: 'user.start' }],
    ['start on a refused session', sessionResource('refused'), { type: 'user.start' }],
    ['finish on a finished session', sessionResource('finished'), { type: 'user.finish' }],
    ['start on an awarded session', sessionResource('awarded'), { type: 'user.start' }],
    [
      'start when the session does not allow it (another viewer)',
      sessionResource('accepted', { allowed: [] }),
      { type: 'user.start' },
    ],
    [
      'finish when the session does not allow it',
      sessionResource('in_progress', { started: true, allowed: [] }),
      { type: 'user.finish' },
    ],
  ];
  it.each(refusedMoves)('nothing is sent: %s', async (_, resource, event) => {
    const { actor, sent } = start({ [GET]: [ok({ data: resource })] });
    await settled(actor);
    const before = actor.getSnapshot().value;
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual(before);
    expect(posted(sent)).toEqual([]);
  });

  it('a refusal stays on the step with the server’s words; the session is not read again', async () => {
    const { actor, sent } = start({
      [GET]: [ok(sessionDocument('in_progress', { started: true }))],
      [POST]: [refused(422, 'validation.invalid', 'The position is not a module of this badge')],
    });
    await settled(actor);
    actor.send({ type: 'user.finish' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ inModule: 'reading' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({
      code: 'validation.invalid',
      detail: 'The position is not a module of this badge',
      kind: 'validation',
      before: null,
    });
    expect(sent.filter((s) => s.call === GET)).toHaveLength(1);
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('a conflict reads the session again and keeps the stage it was acted on, to say what changed', async () => {
    const { actor, sent } = start({
      [GET]: [ok(sessionDocument('accepted')), ok(sessionDocument('refused'))],
      [POST]: [refused(409, 'conflict.open_badge_session_state', 'The session is refused')],
    });
    await settled(actor);
    actor.send({ type: 'user.start' });
    await settled(actor);
    expect(actor.getSnapshot().matches('refused')).toBe(true);
    expect(actor.getSnapshot().context.problem).toMatchObject({
      kind: 'conflict',
      code: 'conflict.open_badge_session_state',
      before: 'accepted',
    });
    expect(sent.filter((s) => s.call === GET)).toHaveLength(2);
  });

  it('a lost answer is the step’s problem, and the member may try again', async () => {
    const { actor, sent } = start({
      [GET]: [ok(sessionDocument('accepted')), ok(sessionDocument('in_progress', { started: true }))],
      [POST]: ['network', written('9')],
    });
    await settled(actor);
    actor.send({ type: 'user.start' });
    await settled(actor);
    expect(actor.getSnapshot().matches('accepted')).toBe(true);
    expect(actor.getSnapshot().context.problem).toMatchObject({ kind: 'network' });
    actor.send({ type: 'user.start' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ inModule: 'reading' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(posted(sent)).toHaveLength(2);
  });

  it('a read after an action that fails is the failed state', async () => {
    const { actor } = start({
      [GET]: [ok(sessionDocument('accepted')), refused(403, 'forbidden', 'no')],
      [POST]: [written('7')],
    });
    await settled(actor);
    actor.send({ type: 'user.start' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ kind: 'forbidden' });
  });
});

describe('the session document', () => {
  it('actions this web does not know are left out of allowedActions', async () => {
    const fetchFn = async () =>
      new Response(
        JSON.stringify({
          data: {
            ...sessionResource('accepted'),
            attributes: {
              ...sessionResource('accepted').attributes,
              allowedActions: ['start-module', 'teleport'],
            },
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/vnd.api+json' } },
      );
    const api = createApiClient({ baseUrl: '/api/v1', fetch: fetchFn as typeof fetch, locale: () => 'en' });
    expect((await readSession(api, SESSION_ID)).allowedActions).toEqual(['start-module']);
  });
});
