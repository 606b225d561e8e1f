import {
  FAILABLE_RENTAL_STEP_TYPES,
  type RentalCommandActionName,
  type RentalCommandEvent,
  type RentalCommandLine,
} from './command.ts';
import { RENTAL_STEP_TYPES, type RentalStepStatus, type RentalStepType } from './steps.ts';
import { strategyGroup, type RentalStrategy, type RentalStrategyGroup } from './strategies.ts';

/** A step of a command as its stream decides it (seed 001 §3 rental-command-step, without its content). */
export interface RentalCommandStep {
  stepType: RentalStepType;
  status: RentalStepStatus;
  doneAt: string | null;
  comment: string | null;
  position: number;
}

export interface RentalItemReplacement {
  itemId: string;
  replacedItemId: string;
  comment: string | null;
}

/** A line of the command with the items set aside for it (seed 001 §3 rental-command-item). */
export interface RentalCommandItemState extends RentalCommandLine {
  /** the items assigned to it, at most `quantity` */
  itemIds: string[];
  /** every swap, oldest first */
  replacements: RentalItemReplacement[];
}

export type RentalCommandState =
  | { status: 'none' }
  | {
      status: 'placed';
      commandId: string;
      /** the member (seed: commandBy) */
      commandBy: string;
      strategy: RentalStrategy;
      /** delivery for shipping, retrieval for pickup: the other step is hidden */
      group: RentalStrategyGroup;
      steps: RentalCommandStep[];
      items: RentalCommandItemState[];
      signedContractFileId: string | null;
    };

/** The position of each step type: the lifecycle's order, the cancellation last. */
export const rentalStepPosition = (stepType: RentalStepType): number => RENTAL_STEP_TYPES.indexOf(stepType);

/**
 * The steps of a command just placed: validation waiting, the others pending, and of delivery and retrieval the
 * one the strategy does not use hidden. No cancellation step exists until a cancellation happens.
 */
export function initialRentalSteps(group: RentalStrategyGroup): RentalCommandStep[] {
  return RENTAL_STEP_TYPES.filter((type) => type !== 'cancellation').map((stepType) => ({
    stepType,
    status:
      stepType === 'validation'
        ? 'waiting'
        : (stepType === 'delivery' && group === 'pickup') ||
            (stepType === 'retrieval' && group === 'shipping')
          ? 'hidden'
          : 'pending',
    doneAt: null,
    comment: null,
    position: rentalStepPosition(stepType),
  }));
}

export type RentalStepChange = Pick<RentalCommandStep, 'stepType' | 'status' | 'doneAt' | 'comment'>;

const success = (stepType: RentalStepType, doneAt: string, comment: string | null): RentalStepChange => ({
  stepType,
  status: 'success',
  doneAt,
  comment,
});
const waiting = (stepType: RentalStepType): RentalStepChange => ({
  stepType,
  status: 'waiting',
  doneAt: null,
  comment: null,
});

/**
 * What an event does to the steps: each action moves its step and makes the next one wait. Preparation is the
 * exception: delivery or retrieval stays pending until it starts (the seed's "requiring delivery" flag is
 * "prepared and that step pending"). Shared by the decider, the projection and the read side.
 */
export function rentalStepChanges(event: RentalCommandEvent): RentalStepChange[] {
  switch (event.type) {
    case 'RentalCommandPlaced':
    case 'RentalItemAssigned':
    case 'RentalItemReplaced':
      return [];
    case 'RentalCommandValidated':
      return [success('validation', event.data.doneAt, event.data.comment), waiting('contract')];
    case 'RentalContractUploaded':
      return [
        { stepType: 'contract', status: 'waiting', doneAt: event.data.doneAt, comment: event.data.comment },
      ];
    case 'RentalContractAccepted':
      return [success('contract', event.data.doneAt, event.data.comment), waiting('payment')];
    case 'RentalContractRefused':
      return [{ stepType: 'contract', status: 'error', doneAt: null, comment: event.data.comment }];
    case 'RentalPaymentRecorded':
      return [success('payment', event.data.doneAt, event.data.comment), waiting('preparation')];
    case 'RentalCommandPrepared':
      return [success('preparation', event.data.doneAt, event.data.comment)];
    case 'RentalDeliveryStarted':
      return [{ stepType: 'delivery', status: 'waiting', doneAt: null, comment: event.data.comment }];
    case 'RentalDeliveryDone':
      return [success('delivery', event.data.doneAt, event.data.comment), waiting('return')];
    case 'RentalRetrievalStarted':
      return [{ stepType: 'retrieval', status: 'waiting', doneAt: null, comment: event.data.comment }];
    case 'RentalRetrievalDone':
      return [success('retrieval', event.data.doneAt, event.data.comment), waiting('return')];
    case 'RentalReturnRecorded':
      return [success('return', event.data.doneAt, event.data.comment), waiting('closure')];
    case 'RentalCommandClosed':
      return [success('closure', event.data.doneAt, event.data.comment)];
    case 'RentalCommandCancelled':
      return [success('cancellation', event.data.cancelledAt, event.data.comment)];
    case 'RentalStepFailed':
      return [{ stepType: event.data.stepType, status: 'error', doneAt: null, comment: event.data.comment }];
    default: {
      const unknown: never = event;
      throw new Error(`unknown rental command event ${(unknown as { type: string }).type}`);
    }
  }
}

/** The steps after the changes; a change to a step the command has not got yet (the cancellation) adds it. */
export function applyRentalStepChanges(
  steps: readonly RentalCommandStep[],
  changes: readonly RentalStepChange[],
): RentalCommandStep[] {
  const next = steps.map((step) => ({ ...step }));
  for (const change of changes) {
    const step = next.find((s) => s.stepType === change.stepType);
    if (step) Object.assign(step, change);
    else next.push({ ...change, position: rentalStepPosition(change.stepType) });
  }
  return next.sort((a, b) => a.position - b.position);
}

export const initialRentalCommandState = (): RentalCommandState => ({ status: 'none' });

/** The command's stream folded: its steps, its lines and their items. */
export function evolveRentalCommand(
  state: RentalCommandState,
  event: RentalCommandEvent,
): RentalCommandState {
  if (event.type === 'RentalCommandPlaced') {
    const placed = event.data;
    const { group } = strategyGroup(placed.strategy, placed.shippingAddress !== null);
    return {
      status: 'placed',
      commandId: placed.commandId,
      commandBy: placed.userId,
      strategy: placed.strategy,
      group,
      steps: initialRentalSteps(group),
      items: placed.lines.map((line) => ({ ...line, itemIds: [], replacements: [] })),
      signedContractFileId: null,
    };
  }
  if (state.status !== 'placed') return state;
  switch (event.type) {
    case 'RentalItemAssigned':
      return {
        ...state,
        items: state.items.map((item) =>
          item.commandItemId === event.data.commandItemId
            ? { ...item, itemIds: [...item.itemIds, event.data.itemId] }
            : item,
        ),
      };
    case 'RentalItemReplaced': {
      const { itemId, replacedItemId, comment } = event.data;
      return {
        ...state,
        items: state.items.map((item) =>
          item.commandItemId === event.data.commandItemId
            ? {
                ...item,
                itemIds: item.itemIds.map((id) => (id === replacedItemId ? itemId : id)),
                replacements: [...item.replacements, { itemId, replacedItemId, comment }],
              }
            : item,
        ),
      };
    }
    default:
      return {
        ...state,
        steps: applyRentalStepChanges(state.steps, rentalStepChanges(event)),
        ...(event.type === 'RentalContractUploaded'
          ? { signedContractFileId: event.data.signedContractFileId }
          : {}),
      };
  }
}

/** Who asks for an action: the command's member, or the rental desk (RENTAL_ADMINS). */
export type RentalActionCaller = 'member' | 'desk';

/** Every action of a command, in the lifecycle's order (the item actions last). */
export const RENTAL_STEP_ACTIONS = [
  'validate',
  'uploadContract',
  'acceptContract',
  'refuseContract',
  'recordPayment',
  'prepare',
  'startDelivery',
  'completeDelivery',
  'startRetrieval',
  'completeRetrieval',
  'recordReturn',
  'close',
  'cancel',
  'failStep',
  'assignItem',
  'replaceItem',
] as const satisfies readonly RentalCommandActionName[];

/** What the actions read of a command: its steps (the one of delivery and retrieval it does not use hidden). */
export type RentalActionSteps = readonly Pick<RentalCommandStep, 'stepType' | 'status' | 'doneAt'>[];

export type FailableRentalStepType = (typeof FAILABLE_RENTAL_STEP_TYPES)[number];

/** What the rental command may do now, and on which steps failStep may put an error. */
export interface RentalAllowedActions {
  actions: RentalCommandActionName[];
  failableSteps: FailableRentalStepType[];
}

/**
 * The actions the lifecycle's decider accepts now from this caller, as far as the steps tell (the item actions
 * still need an item of the line's model, and a line with room or an item to replace). The screens offer these
 * and only these; the decider (command-api's lifecycle.ts) refuses the others with the same rules.
 */
export function rentalAllowedActions(
  steps: RentalActionSteps,
  caller: RentalActionCaller,
): RentalAllowedActions {
  const none: RentalAllowedActions = { actions: [], failableSteps: [] };
  if (steps.some((step) => step.stepType === 'cancellation')) return none;
  const stepOf = (stepType: RentalStepType) => steps.find((s) => s.stepType === stepType);
  const is = (stepType: RentalStepType, ...statuses: RentalStepStatus[]) => {
    const status = stepOf(stepType)?.status;
    return status !== undefined && statuses.includes(status);
  };
  const handOver: RentalStepType = is('delivery', 'hidden') ? 'retrieval' : 'delivery';
  const prepared = is('preparation', 'success');
  const cancelBlockers: readonly RentalStepType[] =
    caller === 'desk'
      ? [handOver, 'return', 'closure']
      : ['preparation', 'delivery', 'retrieval', 'return', 'closure'];
  const canCancel = !steps.some((s) => s.status === 'success' && cancelBlockers.includes(s.stepType));
  const contract = stepOf('contract');
  const contractIn = contract?.status === 'waiting' && contract.doneAt !== null;

  const checks: Record<RentalCommandActionName, boolean> = {
    validate: is('validation', 'waiting', 'error'),
    uploadContract: is('contract', 'waiting', 'error'),
    acceptContract: contractIn,
    refuseContract: contractIn,
    recordPayment: is('payment', 'waiting', 'error'),
    prepare: is('preparation', 'waiting', 'error'),
    startDelivery: is('delivery', 'pending', 'error') && prepared,
    completeDelivery: is('delivery', 'waiting'),
    startRetrieval: is('retrieval', 'pending', 'error') && prepared,
    completeRetrieval: is('retrieval', 'waiting'),
    recordReturn: is('return', 'waiting', 'error'),
    close: is('closure', 'waiting', 'error'),
    cancel: canCancel,
    failStep: false,
    assignItem: !is(handOver, 'success'),
    replaceItem: !is('return', 'success'),
  };
  const failableSteps = FAILABLE_RENTAL_STEP_TYPES.filter(
    (stepType) => is(stepType, 'waiting') || (stepType === handOver && is(stepType, 'pending') && prepared),
  );
  checks.failStep = failableSteps.length > 0;
  const memberMay = (action: RentalCommandActionName) => action === 'uploadContract' || action === 'cancel';
  const actions = RENTAL_STEP_ACTIONS.filter(
    (action) => checks[action] && (caller === 'desk' || memberMay(action)),
  );
  return { actions, failableSteps: caller === 'desk' ? failableSteps : [] };
}
