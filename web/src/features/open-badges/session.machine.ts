import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import {
  readSession,
  sendSessionAction,
  type SessionAction,
  type SessionModule,
  type SessionView,
} from './sessions-api.ts';

/**
 * Where a member's training session stands, as the screen shows it: waiting for the issuer, refused, accepted
 * (the first module to start), a module to start or being read, every module finished (waiting for the award),
 * awarded.
 */
export const SESSION_STAGES = [
  'requested',
  'refused',
  'accepted',
  'toStart',
  'reading',
  'finished',
  'awarded',
] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

/** The module to work on next (the server's currentPosition), or null once none is left. */
export function currentModule(
  session: Pick<SessionView, 'modules' | 'currentPosition'>,
): SessionModule | null {
  if (session.currentPosition === null) return null;
  return session.modules.find((m) => m.position === session.currentPosition) ?? null;
}

/** The stage of the server's session document: its status, and within a running session its current module. */
export function sessionStage(
  session: Pick<SessionView, 'status' | 'modules' | 'currentPosition'>,
): SessionStage {
  switch (session.status) {
    case 'in_progress': {
      const current = currentModule(session);
      return current?.startedAt && !current.finishedAt ? 'reading' : 'toStart';
    }
    case 'requested':
    case 'refused':
    case 'accepted':
    case 'finished':
    case 'awarded':
      return session.status;
    default: {
      const unknown: never = session.status;
      throw new Error(`unknown training session status ${String(unknown)}`);
    }
  }
}

/** A refused or failed action, shown on the step it was taken on. */
export interface SessionProblem {
  /** the server's code (conflict.open_badge_session_state…), null for a failure without an answer */
  code: string | null;
  detail: string;
  kind: ApiError['kind'] | 'unexpected';
  /** a conflict: the stage the member acted on, the session being read again to show where it is now */
  before: SessionStage | null;
}

/** What the member does on the session: start and finish modules (the issuer's decisions are the desk's). */
export type MemberAction = Extract<SessionAction, { action: 'start-module' | 'finish-module' }>;

export interface SessionContext {
  sessionId: string;
  session: SessionView | null;
  /** the last read's failure (403, 404, network…), for the screen */
  loadError: unknown;
  problem: SessionProblem | null;
  /** the action on its way, then the last one done (for the announcement) */
  action: MemberAction | null;
  done: MemberAction['action'] | null;
  position: string | undefined;
}

export type SessionEvent =
  | { type: 'user.start' }
  | { type: 'user.finish' }
  | { type: 'user.retry' }
  | { type: 'user.dismiss' }
  /** the watcher: time to read the session again (every few seconds, and when the window regains focus) */
  | { type: 'watch.tick' };

type Guarded = { context: SessionContext };

const stageIs =
  (stage: SessionStage) =>
  ({ context }: Guarded) =>
    context.session !== null && sessionStage(context.session) === stage;

function problemOf(error: unknown, before: SessionStage | null): SessionProblem {
  const first = error instanceof ApiError ? error.errors[0] : undefined;
  const kind = error instanceof ApiError ? error.kind : 'unexpected';
  return {
    code: first?.code ?? null,
    detail: first?.detail ?? (error instanceof Error ? error.message : String(error)),
    kind,
    before: kind === 'conflict' ? before : null,
  };
}

/** The module action the member may take now: the server's allowedActions and its current position. */
export function memberAction(session: SessionView | null, name: MemberAction['action']): MemberAction | null {
  if (!session || session.currentPosition === null || !session.allowedActions.includes(name)) return null;
  return { action: name, position: session.currentPosition };
}

/**
 * A member's open badge training session (issue 20), on /open-badge-trainings/{session}: it reads the session
 * document and sits in its stage (a reload resumes there, from the server's status and currentPosition):
 * requested (the issuer's decision awaited: read again every few seconds and when the window regains focus) →
 * refused, or accepted → module n to start → module n being read → the next module… → finished (the award
 * awaited, polling too) → awarded. Starting and finishing a module are sent only when the session allows them,
 * then the session is read again at the write's position; a refusal stays on the step, and a conflict (the
 * session moved meanwhile) reads the session again and says where it is now.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { sessionId: string; position?: string | undefined },
  },
  actors: {
    load: fromPromise<SessionView, { sessionId: string; minPosition?: string | undefined }>(() => {
      throw new Error('provide the load actor');
    }),
    send: fromPromise<{ position: string | undefined }, { sessionId: string; action: SessionAction }>(() => {
      throw new Error('provide the send actor');
    }),
    watch: fromCallback<SessionEvent>(() => {
      throw new Error('provide the watch actor');
    }),
  },
  guards: {
    mayStart: ({ context }) => memberAction(context.session, 'start-module') !== null,
    mayFinish: ({ context }) => memberAction(context.session, 'finish-module') !== null,
    conflict: (_, error: unknown) => error instanceof ApiError && error.kind === 'conflict',
    sameStage: ({ context }, read: SessionView) =>
      context.session !== null && sessionStage(read) === sessionStage(context.session),
  },
  actions: {
    keep: assign((_, read: SessionView) => ({ session: read })),
    /** the session read while waiting moved on (the issuer decided, awarded): its stage is entered afresh */
    moveOn: assign((_, read: SessionView) => ({ session: read, problem: null, done: null })),
  },
}).createMachine({
  id: 'openBadgeSession',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    session: null,
    loadError: null,
    problem: null,
    action: null,
    done: null,
    position: input.position,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ sessionId: context.sessionId, minPosition: context.position }),
        onDone: {
          target: 'route',
          actions: assign({ session: ({ event }) => event.output, loadError: null }),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    /** the stage of the session just read */
    route: {
      always: [
        { guard: stageIs('requested'), target: 'requested' },
        { guard: stageIs('refused'), target: 'refused' },
        { guard: stageIs('accepted'), target: 'accepted' },
        { guard: stageIs('toStart'), target: 'inModule.toStart' },
        { guard: stageIs('reading'), target: 'inModule.reading' },
        { guard: stageIs('finished'), target: 'finished' },
        { guard: stageIs('awarded'), target: 'awarded' },
        { target: 'failed' },
      ],
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ problem: null }) } },
    },
    /** the issuer's decision awaited */
    requested: {
      tags: ['waiting'],
      invoke: { src: 'watch' },
      initial: 'idle',
      states: {
        idle: { on: { 'watch.tick': 'checking' } },
        checking: {
          invoke: {
            src: 'load',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: [
              {
                guard: { type: 'sameStage', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
              {
                target: '#openBadgeSession.route',
                actions: { type: 'moveOn', params: ({ event }) => event.output },
              },
            ],
            // a read lost while polling is tried again at the next tick
            onError: { target: 'idle' },
          },
        },
      },
    },
    refused: {},
    accepted: {
      on: {
        'user.start': {
          guard: 'mayStart',
          target: 'sending',
          actions: assign({ action: ({ context }) => memberAction(context.session, 'start-module') }),
        },
      },
    },
    inModule: {
      initial: 'toStart',
      states: {
        toStart: {
          on: {
            'user.start': {
              guard: 'mayStart',
              target: '#openBadgeSession.sending',
              actions: assign({ action: ({ context }) => memberAction(context.session, 'start-module') }),
            },
          },
        },
        reading: {
          on: {
            'user.finish': {
              guard: 'mayFinish',
              target: '#openBadgeSession.sending',
              actions: assign({ action: ({ context }) => memberAction(context.session, 'finish-module') }),
            },
          },
        },
      },
    },
    /** the award awaited */
    finished: {
      tags: ['waiting'],
      invoke: { src: 'watch' },
      initial: 'idle',
      states: {
        idle: { on: { 'watch.tick': 'checking' } },
        checking: {
          invoke: {
            src: 'load',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: [
              {
                guard: { type: 'sameStage', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
              {
                target: '#openBadgeSession.route',
                actions: { type: 'moveOn', params: ({ event }) => event.output },
              },
            ],
            // a read lost while polling is tried again at the next tick
            onError: { target: 'idle' },
          },
        },
      },
    },
    awarded: {},
    sending: {
      tags: ['pending'],
      entry: assign({ problem: null, done: null }),
      invoke: {
        src: 'send',
        input: ({ context }) => ({ sessionId: context.sessionId, action: context.action! }),
        onDone: {
          target: 'loading',
          actions: assign({
            position: ({ event, context }) => event.output.position ?? context.position,
            done: ({ context }) => context.action?.action ?? null,
            action: null,
          }),
        },
        onError: [
          {
            // the session moved meanwhile (the issuer, another tab): read it again and say where it is now
            guard: { type: 'conflict', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'loading',
            actions: assign({
              problem: ({ context, event }) =>
                problemOf(event.error, context.session ? sessionStage(context.session) : null),
              action: null,
            }),
          },
          {
            target: 'route',
            actions: assign({
              problem: ({ context, event }) =>
                problemOf(event.error, context.session ? sessionStage(context.session) : null),
              action: null,
            }),
          },
        ],
      },
    },
  },
  on: {
    'user.dismiss': { actions: assign({ problem: null }) },
  },
});

/** How often the session is read again while the issuer's decision or the award is awaited. */
export const POLL_INTERVAL_MS = 5_000;

/** The machine's actors over the API client, and a watcher ticking on an interval and on the window's focus. */
export function sessionActors(api: ApiClient, options: { pollMs?: number } = {}) {
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
  return {
    load: fromPromise<SessionView, { sessionId: string; minPosition?: string | undefined }>(
      ({ input, signal }) => readSession(api, input.sessionId, { signal, minPosition: input.minPosition }),
    ),
    send: fromPromise<{ position: string | undefined }, { sessionId: string; action: SessionAction }>(
      ({ input, signal }) => sendSessionAction(api, input.sessionId, input.action, signal),
    ),
    watch: fromCallback<SessionEvent>(({ sendBack }) => {
      const tick = () => sendBack({ type: 'watch.tick' });
      const timer = setInterval(tick, pollMs);
      const onVisible = () => {
        if (document.visibilityState === 'visible') tick();
      };
      window.addEventListener('focus', tick);
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        clearInterval(timer);
        window.removeEventListener('focus', tick);
        document.removeEventListener('visibilitychange', onVisible);
      };
    }),
  };
}
