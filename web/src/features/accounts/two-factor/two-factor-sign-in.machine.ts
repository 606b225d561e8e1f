import { TwoFactorLoginRequestSchema } from '@platform/contracts/auth/requests';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, retryAfterSeconds } from '../../../kit/api/errors.ts';
import type { AuthStateAnswer } from '../../../kit/session/auth-state.ts';

export type TwoFactorStrategy = 'totp' | 'email';
export type CodeMode = 'code' | 'recoveryCode';
export type ProblemField = 'email' | 'password' | 'code' | 'recoveryCode';

/**
 * What went wrong with one field, for the screen to put into words: a local check (required, format), a
 * refused code (invalid, replayed: the same server code, told apart by its detail), or any other server
 * problem (its code and detail, translated when the code is known).
 */
export type FieldProblem =
  | { reason: 'required' | 'format' | 'invalid' | 'replayed' }
  | { reason: 'server'; code: string | undefined; detail: string | undefined };

/** A problem that belongs to no field: the screen shows it in an alert above the form. */
export type FormProblem = 'network' | 'unavailable' | 'unexpected';

export interface Credentials {
  email: string;
  password: string;
  remember: boolean;
}

export interface TwoFactorSignInContext {
  strategy: TwoFactorStrategy;
  /** kept to fill the credentials form again after a restart (never the password) */
  email: string;
  mode: CodeMode;
  /** codes refused since the challenge was shown */
  attempts: number;
  problems: Partial<Record<ProblemField, FieldProblem>>;
  formProblem: FormProblem | null;
  /** Retry-After of the last 429, when the answer said it */
  retryAfterSeconds: number | null;
  /** the form the user is on or was on last: where a RETRY after a lockout returns */
  stage: 'credentials' | 'challenge';
  answer: AuthStateAnswer | null;
}

export interface TwoFactorSignInInput {
  strategy: TwoFactorStrategy;
  /** 'challenge' when the sign-in screen has just asked for the password (a sign-in is waiting for a code) */
  initial: 'challenge' | 'credentials';
}

export type TwoFactorSignInEvent =
  | { type: 'user.submitCredentials'; credentials: Credentials }
  | { type: 'user.submitCode'; value: string }
  | { type: 'user.useRecoveryCode' }
  | { type: 'user.useCode' }
  | { type: 'user.retry' }
  | { type: 'user.restart' };

export type TwoFactorLoginBody = { code: string } | { recoveryCode: string };

/** How a failed call reads to this flow. */
export type Failure =
  | {
      kind: 'invalid';
      problems: Partial<Record<ProblemField, FieldProblem>>;
      formProblem: FormProblem | null;
    }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'expired' }
  | { kind: 'other'; formProblem: FormProblem };

const FIELDS: readonly ProblemField[] = ['email', 'password', 'code', 'recoveryCode'];

export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'other', formProblem: 'unexpected' };
  switch (error.kind) {
    case 'validation': {
      const problems: Partial<Record<ProblemField, FieldProblem>> = {};
      let formProblem: FormProblem | null = null;
      for (const e of error.errors) {
        const field = FIELDS.find((f) => e.source?.pointer === `/${f}`);
        if (!field) {
          formProblem ??= 'unexpected';
          continue;
        }
        if (problems[field]) continue;
        if (e.code === 'validation.invalid_code' && (field === 'code' || field === 'recoveryCode')) {
          problems[field] = { reason: /already used/i.test(e.detail ?? '') ? 'replayed' : 'invalid' };
        } else {
          problems[field] = { reason: 'server', code: e.code, detail: e.detail };
        }
      }
      if (Object.keys(problems).length === 0) formProblem = 'unexpected';
      return { kind: 'invalid', problems, formProblem };
    }
    case 'rate-limited':
      return { kind: 'rateLimited', retryAfterSeconds: retryAfterSeconds(error) };
    case 'session-expired':
      return { kind: 'expired' };
    case 'network':
    case 'timeout':
      return { kind: 'other', formProblem: 'network' };
    case 'not-found':
      return { kind: 'other', formProblem: 'unavailable' };
    default:
      return { kind: 'other', formProblem: 'unexpected' };
  }
}

/** Authenticator apps show "123 456": spaces and dashes are not part of the code. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The body of POST /auth/two-factor/login for what was typed, or the local problem with it. */
export function codeBody(mode: CodeMode, value: string): TwoFactorLoginBody | FieldProblem {
  if (value.trim() === '') return { reason: 'required' };
  const body = mode === 'code' ? { code: normaliseCode(value) } : { recoveryCode: value.trim() };
  return TwoFactorLoginRequestSchema.safeParse(body).success ? body : { reason: 'format' };
}

const isBody = (value: TwoFactorLoginBody | FieldProblem): value is TwoFactorLoginBody =>
  !('reason' in value);

const failed = (event: { error: unknown }) => failureOf(event.error);

/**
 * The two-factor sign-in (seed 000 §2.5, §4; ADR 0008): credentials → challenge → verifying → authenticated,
 * with lockedOut (429) and expired (419: the pending sign-in is older than 10 minutes). The screen provides
 * the two calls (`logIn`: POST /auth/login, `verify`: POST /auth/two-factor/login); the output is the answer
 * the session follows (completeSignIn).
 */
export const twoFactorSignInMachine = setup({
  types: {
    context: {} as TwoFactorSignInContext,
    input: {} as TwoFactorSignInInput,
    events: {} as TwoFactorSignInEvent,
    output: {} as AuthStateAnswer,
  },
  actors: {
    logIn: fromPromise<AuthStateAnswer, Credentials>(() => {
      throw new Error('logIn is provided by the screen');
    }),
    verify: fromPromise<AuthStateAnswer, TwoFactorLoginBody>(() => {
      throw new Error('verify is provided by the screen');
    }),
  },
  delays: {
    retryAfter: ({ context }) => (context.retryAfterSeconds ?? 0) * 1000,
  },
  guards: {
    credentialsFilled: ({ event }) => {
      assertEvent(event, 'user.submitCredentials');
      return event.credentials.email.trim() !== '' && event.credentials.password !== '';
    },
    codeWellFormed: ({ context, event }) => {
      assertEvent(event, 'user.submitCode');
      return isBody(codeBody(context.mode, event.value));
    },
    waitUnknown: ({ context }) => context.retryAfterSeconds === null,
    atChallenge: ({ context }) => context.stage === 'challenge',
  },
  actions: {
    clearProblems: assign({ problems: {}, formProblem: null }),
    rememberEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'user.submitCredentials');
        return event.credentials.email.trim();
      },
    }),
    flagMissingCredentials: assign({
      problems: ({ event }) => {
        assertEvent(event, 'user.submitCredentials');
        const problems: TwoFactorSignInContext['problems'] = {};
        if (event.credentials.email.trim() === '') problems.email = { reason: 'required' };
        if (event.credentials.password === '') problems.password = { reason: 'required' };
        return problems;
      },
      formProblem: null,
    }),
    flagMalformedCode: assign({
      problems: ({ context, event }) => {
        assertEvent(event, 'user.submitCode');
        return { [context.mode]: codeBody(context.mode, event.value) as FieldProblem };
      },
      formProblem: null,
    }),
  },
}).createMachine({
  id: 'twoFactorSignIn',
  context: ({ input }) => ({
    strategy: input.strategy,
    email: '',
    mode: 'code',
    attempts: 0,
    problems: {},
    formProblem: null,
    retryAfterSeconds: null,
    stage: input.initial,
    answer: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.answer!,
  states: {
    starting: {
      always: [{ guard: 'atChallenge', target: 'challenge' }, { target: 'credentials' }],
    },

    credentials: {
      entry: assign({ stage: 'credentials' }),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.submitCredentials': [
              {
                guard: 'credentialsFilled',
                target: 'submitting',
                actions: ['clearProblems', 'rememberEmail'],
              },
              { actions: 'flagMissingCredentials' },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'logIn',
            input: ({ event }) => {
              assertEvent(event, 'user.submitCredentials');
              return { ...event.credentials, email: event.credentials.email.trim() };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.state === 'two_factor_required',
                target: '#twoFactorSignIn.challenge',
                actions: assign({
                  strategy: ({ context, event }) =>
                    event.output.state === 'two_factor_required' ? event.output.strategy : context.strategy,
                  mode: 'code',
                  attempts: 0,
                }),
              },
              // authenticated (no second factor on this account) or registration_required: the session follows
              {
                target: '#twoFactorSignIn.authenticated',
                actions: assign({ answer: ({ event }) => event.output }),
              },
            ],
            onError: [
              {
                guard: ({ event }) => failed(event).kind === 'rateLimited',
                target: '#twoFactorSignIn.lockedOut',
                actions: assign({
                  retryAfterSeconds: ({ event }) => {
                    const failure = failed(event);
                    return failure.kind === 'rateLimited' ? failure.retryAfterSeconds : null;
                  },
                }),
              },
              {
                target: 'editing',
                actions: assign(({ event }) => {
                  const failure = failed(event);
                  if (failure.kind === 'invalid') {
                    return { problems: failure.problems, formProblem: failure.formProblem };
                  }
                  // POST /auth/login is not quiet: the shell already shows its dialog for these
                  return { problems: {}, formProblem: null };
                }),
              },
            ],
          },
        },
      },
    },

    challenge: {
      entry: assign({ stage: 'challenge' }),
      on: {
        'user.submitCode': [
          { guard: 'codeWellFormed', target: 'verifying', actions: 'clearProblems' },
          { actions: 'flagMalformedCode' },
        ],
        'user.useRecoveryCode': { actions: [assign({ mode: 'recoveryCode' }), 'clearProblems'] },
        'user.useCode': { actions: [assign({ mode: 'code' }), 'clearProblems'] },
        'user.restart': { target: 'credentials', actions: 'clearProblems' },
      },
    },

    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context, event }) => {
          assertEvent(event, 'user.submitCode');
          return codeBody(context.mode, event.value) as TwoFactorLoginBody;
        },
        onDone: [
          {
            guard: ({ event }) => event.output.state === 'two_factor_required',
            target: 'challenge',
          },
          { target: 'authenticated', actions: assign({ answer: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: ({ event }) => failed(event).kind === 'rateLimited',
            target: 'lockedOut',
            actions: assign({
              retryAfterSeconds: ({ event }) => {
                const failure = failed(event);
                return failure.kind === 'rateLimited' ? failure.retryAfterSeconds : null;
              },
            }),
          },
          { guard: ({ event }) => failed(event).kind === 'expired', target: 'expired' },
          {
            guard: ({ event }) => failed(event).kind === 'invalid',
            target: 'challenge',
            actions: assign(({ context, event }) => {
              const failure = failed(event);
              return failure.kind === 'invalid'
                ? {
                    problems: failure.problems,
                    formProblem: failure.formProblem,
                    attempts: context.attempts + 1,
                  }
                : {};
            }),
          },
          {
            target: 'challenge',
            actions: assign({
              formProblem: ({ event }) => {
                const failure = failed(event);
                return failure.kind === 'other' ? failure.formProblem : 'unexpected';
              },
            }),
          },
        ],
      },
    },

    lockedOut: {
      initial: 'waiting',
      entry: 'clearProblems',
      states: {
        waiting: {
          always: { guard: 'waitUnknown', target: 'ready' },
          after: { retryAfter: 'ready' },
        },
        ready: {
          on: {
            'user.retry': [
              { guard: 'atChallenge', target: '#twoFactorSignIn.challenge' },
              { target: '#twoFactorSignIn.credentials' },
            ],
          },
        },
      },
      on: { 'user.restart': 'credentials' },
    },

    expired: {
      entry: 'clearProblems',
      on: { 'user.restart': { target: 'credentials', actions: assign({ attempts: 0, mode: 'code' }) } },
    },

    authenticated: { type: 'final' },
  },
});
