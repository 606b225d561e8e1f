import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';
import { ApiError, isGlobalKind } from '../../../kit/api/errors.ts';
import {
  codeBody,
  failureOf,
  type FieldProblem,
  type TwoFactorStrategy,
} from './two-factor-sign-in.machine.ts';

const Position = z.object({ position: z.string().optional() }).passthrough().optional();

/** POST /auth/two-factor/enable { strategy: 'totp' }: the enrolment to show before a first code confirms it. */
export const EnrolmentSchema = z.object({
  state: z.literal('confirmation_required'),
  strategy: z.literal('totp'),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeSvg: z.string(),
  meta: Position,
});
/** Two-factor is on (enable with 'email', or confirm): the recovery codes, shown once. */
export const EnabledSchema = z.object({
  state: z.literal('enabled'),
  strategy: z.enum(['totp', 'email']),
  recoveryCodes: z.array(z.string()),
  meta: Position,
});
export const EnableAnswerSchema = z.discriminatedUnion('state', [EnrolmentSchema, EnabledSchema]);
export const DisabledSchema = z.object({ state: z.literal('disabled'), meta: Position });

export type Enrolment = z.infer<typeof EnrolmentSchema>;
export type EnableAnswer = z.infer<typeof EnableAnswerSchema>;
export type EnabledAnswer = z.infer<typeof EnabledSchema>;
export type DisabledAnswer = z.infer<typeof DisabledSchema>;

/** A problem that belongs to no field, shown in an alert under the heading. */
export type SettingsFormProblem = 'changedMeanwhile' | 'unavailable' | 'unexpected';

export interface TwoFactorSettingsContext {
  /** what is typed in the code field (scanning) */
  code: string;
  /** what is typed in the password field (turning off) */
  password: string;
  /** the problem of the one field of the form shown */
  problem: FieldProblem | null;
  formProblem: SettingsFormProblem | null;
  enrolment: Enrolment | null;
  /** the recovery codes, kept only while they are shown */
  recoveryCodes: string[];
  /** the last change, for the polite live region; it stays until the next change */
  announcement: 'enabled' | 'disabled' | null;
  /** the event-store position of the last change, read back by the session refresh */
  position: string | undefined;
}

export type TwoFactorSettingsEvent =
  | { type: 'user.enable'; strategy: TwoFactorStrategy }
  | { type: 'user.editCode'; value: string }
  | { type: 'user.editPassword'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.turnOff' }
  | { type: 'user.cancel' }
  | { type: 'user.done' };

/**
 * Told to the screen, which does what is not the flow's: `closed` when the flow is back at the status (the
 * focus returns to the heading), `turnedOff` when two-factor was turned off (a toast).
 */
export type TwoFactorSettingsEmitted = { type: 'closed' } | { type: 'turnedOff' };

/** How a failed call reads to this flow. */
export type SettingsFailure =
  | { kind: 'field'; problem: FieldProblem }
  | { kind: 'conflict' }
  | { kind: 'form'; formProblem: SettingsFormProblem | null };

/**
 * A 422 on the form's own field goes on that field; a 409 (changed in another tab) shows the status again as
 * it is now; network, timeout, 401/419 and 5xx are the shell's (its dialog is already up: nothing here); the
 * rest is a form problem.
 */
export function settingsFailureOf(error: unknown, field: 'code' | 'password' | null): SettingsFailure {
  const failure = failureOf(error);
  if (failure.kind === 'invalid' && field && failure.problems[field]) {
    return { kind: 'field', problem: failure.problems[field] };
  }
  if (!(error instanceof ApiError)) return { kind: 'form', formProblem: 'unexpected' };
  if (error.kind === 'conflict') return { kind: 'conflict' };
  if (isGlobalKind(error.kind)) return { kind: 'form', formProblem: null };
  return { kind: 'form', formProblem: error.kind === 'not-found' ? 'unavailable' : 'unexpected' };
}

const cleared = { code: '', password: '', problem: null, formProblem: null } as const;

/** The call that failed: its error and the field of its form, if any. */
interface Failed {
  error: unknown;
  field: 'code' | 'password' | null;
}

/**
 * Two-factor on the profile (seed 000 §2.1, §2.5): from the status (off or on, as the session's user says),
 * turning on with an authenticator app (QR code and setup key, confirmed by a first code) or with codes by
 * e-mail, each ending on the recovery codes, shown once; turning off asks for the password again. Every
 * change is read back by the session (`refresh`, at the change's position) before the flow moves on.
 *
 * The screen provides the calls: `enable` (POST /auth/two-factor/enable), `confirm` (…/confirm), `disable`
 * (…/disable) and `refresh` (the session's GET /users/me; its failure is not this flow's).
 */
export const twoFactorSettingsMachine = setup({
  types: {
    context: {} as TwoFactorSettingsContext,
    events: {} as TwoFactorSettingsEvent,
    emitted: {} as TwoFactorSettingsEmitted,
  },
  actors: {
    enable: fromPromise<EnableAnswer, { strategy: TwoFactorStrategy }>(() => {
      throw new Error('enable is provided by the screen');
    }),
    confirm: fromPromise<EnabledAnswer, { code: string }>(() => {
      throw new Error('confirm is provided by the screen');
    }),
    disable: fromPromise<DisabledAnswer, { password: string }>(() => {
      throw new Error('disable is provided by the screen');
    }),
    refresh: fromPromise<unknown, { position: string | undefined }>(() => {
      throw new Error('refresh is provided by the screen');
    }),
  },
  guards: {
    changedMeanwhile: (_, { error, field }: Failed) => settingsFailureOf(error, field).kind === 'conflict',
    codeWellFormed: ({ context }) => !('reason' in codeBody('code', context.code)),
    passwordFilled: ({ context }) => context.password !== '',
  },
  actions: {
    clearForm: assign(cleared),
    clearProblems: assign({ problem: null, formProblem: null }),
    editCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'user.editCode');
        return event.value;
      },
    }),
    editPassword: assign({
      password: ({ event }) => {
        assertEvent(event, 'user.editPassword');
        return event.value;
      },
    }),
    showCodes: assign({
      ...cleared,
      enrolment: null,
      recoveryCodes: (_, answer: EnabledAnswer) => answer.recoveryCodes,
      position: (_, answer: EnabledAnswer) => answer.meta?.position,
      announcement: 'enabled',
    }),
    /** a 409: the status again, read anew, and why */
    showChangedMeanwhile: assign({
      ...cleared,
      enrolment: null,
      formProblem: 'changedMeanwhile',
      position: undefined,
    }),
    showFailure: assign((_, { error, field }: Failed) => {
      const failure = settingsFailureOf(error, field);
      if (failure.kind === 'field') return { problem: failure.problem };
      return { formProblem: failure.kind === 'form' ? failure.formProblem : 'unexpected' };
    }),
    close: emit({ type: 'closed' }),
  },
}).createMachine({
  id: 'twoFactorSettings',
  context: {
    code: '',
    password: '',
    problem: null,
    formProblem: null,
    enrolment: null,
    recoveryCodes: [],
    announcement: null,
    position: undefined,
  },
  initial: 'status',
  states: {
    /** off (turn on with an app or by e-mail) or on (turn off), as the session's user says */
    status: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'user.enable': { target: 'enabling', actions: 'clearProblems' },
            'user.turnOff': { target: '#twoFactorSettings.turningOff', actions: 'clearForm' },
          },
        },
        enabling: {
          tags: 'pending',
          invoke: {
            src: 'enable',
            input: ({ event }) => {
              assertEvent(event, 'user.enable');
              return { strategy: event.strategy };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.state === 'confirmation_required',
                target: '#twoFactorSettings.scanning',
                actions: assign({
                  ...cleared,
                  enrolment: ({ event }) =>
                    event.output.state === 'confirmation_required' ? event.output : null,
                }),
              },
              {
                target: '#twoFactorSettings.recoveryCodes',
                actions: {
                  type: 'showCodes',
                  params: ({ event }) => event.output as EnabledAnswer,
                },
              },
            ],
            onError: [
              {
                guard: {
                  type: 'changedMeanwhile',
                  params: ({ event }) => ({ error: event.error, field: null }),
                },
                target: '#twoFactorSettings.status.reloading',
                actions: 'showChangedMeanwhile',
              },
              {
                target: 'ready',
                actions: {
                  type: 'showFailure',
                  params: ({ event }) => ({ error: event.error, field: null }),
                },
              },
            ],
          },
        },
        /** after a conflict: the user is read again; the form problem says why */
        reloading: {
          tags: 'pending',
          invoke: {
            src: 'refresh',
            input: () => ({ position: undefined }),
            onDone: 'ready',
            onError: 'ready',
          },
          on: {
            'user.turnOff': { target: '#twoFactorSettings.turningOff', actions: 'clearForm' },
          },
        },
      },
    },

    /** the authenticator enrolment: QR code and setup key, then a first code */
    scanning: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.editCode': { actions: 'editCode' },
            'user.submit': [
              { guard: 'codeWellFormed', target: 'confirming', actions: 'clearProblems' },
              {
                actions: assign({ problem: ({ context }) => codeBody('code', context.code) as FieldProblem }),
              },
            ],
            'user.cancel': {
              target: '#twoFactorSettings.status',
              actions: ['clearForm', assign({ enrolment: null }), 'close'],
            },
          },
        },
        confirming: {
          tags: 'pending',
          invoke: {
            src: 'confirm',
            input: ({ context }) => codeBody('code', context.code) as { code: string },
            onDone: {
              target: '#twoFactorSettings.recoveryCodes',
              actions: { type: 'showCodes', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: {
                  type: 'changedMeanwhile',
                  params: ({ event }) => ({ error: event.error, field: 'code' }),
                },
                target: '#twoFactorSettings.status.reloading',
                actions: 'showChangedMeanwhile',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showFailure',
                  params: ({ event }) => ({ error: event.error, field: 'code' }),
                },
              },
            ],
          },
        },
      },
    },

    /** shown once: the session reads the user back meanwhile (its failure changes nothing here) */
    recoveryCodes: {
      invoke: {
        id: 'readBack',
        src: 'refresh',
        input: ({ context }) => ({ position: context.position }),
        onError: { actions: [] },
      },
      on: {
        'user.done': {
          target: 'status',
          actions: [assign({ recoveryCodes: [], position: undefined }), 'clearForm', 'close'],
        },
      },
    },

    /** the password asked again */
    turningOff: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.editPassword': { actions: 'editPassword' },
            'user.submit': [
              { guard: 'passwordFilled', target: 'disabling', actions: 'clearProblems' },
              { actions: assign({ problem: () => ({ reason: 'required' as const }) }) },
            ],
            'user.cancel': { target: '#twoFactorSettings.status', actions: ['clearForm', 'close'] },
          },
        },
        disabling: {
          tags: 'pending',
          invoke: {
            src: 'disable',
            input: ({ context }) => ({ password: context.password }),
            onDone: {
              target: 'reloading',
              actions: assign({ position: ({ event }) => event.output.meta?.position }),
            },
            onError: [
              {
                guard: {
                  type: 'changedMeanwhile',
                  params: ({ event }) => ({ error: event.error, field: 'password' }),
                },
                target: '#twoFactorSettings.status.reloading',
                actions: 'showChangedMeanwhile',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showFailure',
                  params: ({ event }) => ({ error: event.error, field: 'password' }),
                },
              },
            ],
          },
        },
        /** turned off: the status changes once the session has read the user back */
        reloading: {
          tags: 'pending',
          invoke: {
            src: 'refresh',
            input: ({ context }) => ({ position: context.position }),
            onDone: '#twoFactorSettings.turnedOff',
            onError: '#twoFactorSettings.turnedOff',
          },
        },
      },
    },

    turnedOff: {
      entry: [
        assign({ ...cleared, position: undefined, announcement: 'disabled' }),
        emit({ type: 'turnedOff' }),
        'close',
      ],
      always: 'status',
    },
  },
});

/**
 * The machine's calls over the auth client (the screen's, or a test's over a scripted fetch) and the session's
 * read of the signed-in user at a position.
 */
export function twoFactorSettingsActors(
  authApi: Pick<ApiClient, 'call'>,
  refresh: (minPosition?: string) => Promise<unknown>,
) {
  return {
    enable: fromPromise<EnableAnswer, { strategy: TwoFactorStrategy }>(({ input: body }) =>
      authApi.call(authEndpoints.enableTwoFactor, { schema: EnableAnswerSchema, body }),
    ),
    confirm: fromPromise<EnabledAnswer, { code: string }>(({ input: body }) =>
      authApi.call(authEndpoints.confirmTwoFactor, { schema: EnabledSchema, body }),
    ),
    disable: fromPromise<DisabledAnswer, { password: string }>(({ input: body }) =>
      authApi.call(authEndpoints.disableTwoFactor, { schema: DisabledSchema, body }),
    ),
    refresh: fromPromise<unknown, { position: string | undefined }>(({ input }) => refresh(input.position)),
  };
}
