import type { RentalCommandAction } from '@platform/contracts/rental/command';
import { rentalAllowedActions, type RentalAllowedActions } from '@platform/contracts/rental/command-state';
import type { RentalStepType } from '@platform/contracts/rental/steps';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../../kit/api/client.ts';
import { ApiError } from '../../../kit/api/errors.ts';
import {
  readCommand,
  readHistory,
  sendCommandAction,
  type HistoryEntry,
  type RentalCommandView,
} from './commands-api.ts';

/** The lifecycle's stages, one per step the command waits on (seed 001 §4), then its two ends. */
export const COMMAND_STAGES = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'retrieval',
  'return',
  'closure',
  'closed',
  'cancelled',
] as const;
export type CommandStage = (typeof COMMAND_STAGES)[number];

const LIFECYCLE: readonly (CommandStage & RentalStepType)[] = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'retrieval',
  'return',
  'closure',
];

/** The step the command waits on: the first of the lifecycle not done (hidden ones skipped); or its end. */
export function commandStage(command: Pick<RentalCommandView, 'steps'>): CommandStage {
  if (command.steps.some((s) => s.stepType === 'cancellation')) return 'cancelled';
  for (const stepType of LIFECYCLE) {
    const step = command.steps.find((s) => s.stepType === stepType);
    if (step && step.status !== 'success' && step.status !== 'hidden') return stepType;
  }
  return 'closed';
}

/** Where a refusal is shown: on the action's step, on the command's items (with the line), or on the command. */
export type ProblemPlace = RentalStepType | 'items' | 'command';

export interface CommandProblem {
  place: ProblemPlace;
  commandItemId: string | null;
  /** the server's code (conflict.state, validation.invalid…), null for a failure without an answer */
  code: string | null;
  detail: string;
  kind: ApiError['kind'] | 'unexpected';
  /** the action's field the server named (`itemId` of /data/attributes/itemId), null when none */
  field: string | null;
}

/** The step an action moves: its refusal is shown there. */
export function placeOf(action: RentalCommandAction): ProblemPlace {
  switch (action.action) {
    case 'validate':
      return 'validation';
    case 'uploadContract':
    case 'acceptContract':
    case 'refuseContract':
      return 'contract';
    case 'recordPayment':
      return 'payment';
    case 'prepare':
      return 'preparation';
    case 'startDelivery':
    case 'completeDelivery':
      return 'delivery';
    case 'startRetrieval':
    case 'completeRetrieval':
      return 'retrieval';
    case 'recordReturn':
      return 'return';
    case 'close':
      return 'closure';
    case 'failStep':
      return action.stepType;
    case 'assignItem':
    case 'replaceItem':
      return 'items';
    case 'cancel':
      return 'command';
    default: {
      const unknown: never = action;
      throw new Error(`unknown rental command action ${(unknown as { action: string }).action}`);
    }
  }
}

function problemOf(action: RentalCommandAction, error: unknown): CommandProblem {
  const first = error instanceof ApiError ? error.errors[0] : undefined;
  return {
    place: placeOf(action),
    commandItemId: 'commandItemId' in action ? action.commandItemId : null,
    code: first?.code ?? null,
    detail: first?.detail ?? (error instanceof Error ? error.message : String(error)),
    kind: error instanceof ApiError ? error.kind : 'unexpected',
    field: first?.source?.pointer?.match(/^\/data\/attributes\/([^/]+)$/)?.[1] ?? null,
  };
}

export interface RentalCommandContext {
  commandId: string;
  command: RentalCommandView | null;
  history: HistoryEntry[];
  /** the last read's failure (403, 404, network…), for the screen */
  loadError: unknown;
  problem: CommandProblem | null;
  /** the action on its way, then the last one done (for the announcement) */
  action: RentalCommandAction | null;
  done: RentalCommandAction['action'] | null;
  position: string | undefined;
}

export type RentalCommandEvent =
  { type: 'user.act'; action: RentalCommandAction } | { type: 'user.retry' } | { type: 'user.dismiss' };

export interface LoadedCommand {
  command: RentalCommandView;
  history: HistoryEntry[];
}

/** What the rental desk may do now on the command: the contracts' rule, the one the server decides with. */
export function deskActions(command: Pick<RentalCommandView, 'steps'> | null): RentalAllowedActions {
  return command ? rentalAllowedActions(command.steps, 'desk') : { actions: [], failableSteps: [] };
}

export function isAllowed(command: RentalCommandView | null, action: RentalCommandAction): boolean {
  const allowed = deskActions(command);
  if (!allowed.actions.includes(action.action)) return false;
  return action.action !== 'failStep' || allowed.failableSteps.includes(action.stepType);
}

const stageState = (stage: CommandStage) => ({
  guard: ({ context }: { context: RentalCommandContext }) =>
    context.command !== null && commandStage(context.command) === stage,
  target: stage,
});

/**
 * The rental command lifecycle on the rental desk's page (issue 19): it reads the command and its history, sits in
 * the stage of the step the command waits on (validation → contract → payment → preparation → delivery or
 * retrieval → return → closure; or closed, or cancelled), takes only the actions the contracts' rules allow now,
 * shows the server's refusal on the action's step, and reads the command again (at the action's position) after
 * each action.
 */
export const rentalCommandMachine = setup({
  types: {
    context: {} as RentalCommandContext,
    events: {} as RentalCommandEvent,
    input: {} as { commandId: string },
  },
  actors: {
    load: fromPromise<LoadedCommand, { commandId: string; minPosition?: string | undefined }>(() => {
      throw new Error('provide the load actor');
    }),
    send: fromPromise<{ position: string }, { commandId: string; action: RentalCommandAction }>(() => {
      throw new Error('provide the send actor');
    }),
  },
  guards: {
    allowed: ({ context, event }) => event.type === 'user.act' && isAllowed(context.command, event.action),
  },
}).createMachine({
  id: 'rentalCommand',
  context: ({ input }) => ({
    commandId: input.commandId,
    command: null,
    history: [],
    loadError: null,
    problem: null,
    action: null,
    done: null,
    position: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ commandId: context.commandId, minPosition: context.position }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            command: event.output.command,
            history: event.output.history,
            loadError: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'deciding',
      states: {
        deciding: { always: COMMAND_STAGES.map(stageState) },
        validation: {},
        contract: {},
        payment: {},
        preparation: {},
        delivery: {},
        retrieval: {},
        return: {},
        closure: {},
        closed: {},
        cancelled: {},
      },
      on: {
        'user.act': {
          guard: 'allowed',
          target: 'sending',
          actions: assign({ action: ({ event }) => event.action, problem: null, done: null }),
        },
        'user.dismiss': { actions: assign({ problem: null }) },
        'user.retry': 'loading',
      },
    },
    sending: {
      tags: ['pending'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ commandId: context.commandId, action: context.action! }),
        onDone: {
          target: 'loading',
          actions: assign(({ event, context }) => ({
            position: event.output.position,
            done: context.action?.action ?? null,
            action: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event, context }) => ({
            problem: problemOf(context.action!, event.error),
            action: null,
          })),
        },
      },
    },
  },
});

/** The machine's calls over the app's API client: the command and its history together, and the action. */
export function rentalCommandActors(api: ApiClient) {
  return {
    load: fromPromise<LoadedCommand, { commandId: string; minPosition?: string | undefined }>(
      async ({ input, signal }) => {
        const [command, history] = await Promise.all([
          readCommand(api, input.commandId, {
            signal,
            ...(input.minPosition ? { minPosition: input.minPosition } : {}),
          }),
          readHistory(api, input.commandId, { signal }),
        ]);
        return { command, history };
      },
    ),
    send: fromPromise<{ position: string }, { commandId: string; action: RentalCommandAction }>(
      ({ input, signal }) => sendCommandAction(api, input.commandId, input.action, signal),
    ),
  };
}
