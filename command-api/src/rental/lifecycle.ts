import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import {
  RentalCommandPlacedDataSchema,
  type RentalCommandAction,
  type RentalCommandActionName,
  type RentalCommandEvent,
  type RentalCommandPlacedData,
} from '@platform/contracts/rental/command';
import {
  evolveRentalCommand,
  initialRentalCommandState,
  type RentalCommandItemState,
  type RentalCommandState,
  type RentalCommandStep,
} from '@platform/contracts/rental/command-state';
import type { RentalStepStatus, RentalStepType } from '@platform/contracts/rental/steps';
import type { Command, Decider } from '../decider.ts';

/** What the edge knows of the caller beyond `metadata.actor`: whether they run the rental desk (RENTAL_ADMINS). */
export interface RentalCaller {
  rentalAdmin: boolean;
}

/**
 * Places a rental command from a booking (the bookings' route sends it once the member confirms the summary): the
 * RentalCommandPlaced data, and who asks. A member places their own command; a rental admin may place one for a
 * member.
 */
export type PlaceRentalCommand = Command<
  'PlaceRentalCommand',
  RentalCommandPlacedData & { caller: RentalCaller }
>;

/**
 * One action on a placed command (POST /services/rentals/commands/{id}/actions). For assignItem and replaceItem
 * the edge looks the item up and passes its model (null: no such item).
 */
export type RunRentalCommandAction = Command<
  'RunRentalCommandAction',
  { commandId: string; caller: RentalCaller; action: RentalCommandAction; itemModelId?: string | null }
>;

export type RentalLifecycleCommand = PlaceRentalCommand | RunRentalCommandAction;
type Placed = Extract<RentalCommandState, { status: 'placed' }>;

const ATTRIBUTES = '/data/attributes';

/** Who may take each action: the rental desk only, or the command's member as well. */
const MEMBER_ACTIONS: ReadonlySet<RentalCommandActionName> = new Set(['uploadContract', 'cancel']);

function stepOf(state: Placed, stepType: RentalStepType): RentalCommandStep | undefined {
  return state.steps.find((step) => step.stepType === stepType);
}

function statusOf(state: Placed, stepType: RentalStepType): RentalStepStatus | 'absent' {
  return stepOf(state, stepType)?.status ?? 'absent';
}

/** Refuses an action its step's status does not allow, naming the step and its status (409 conflict.state). */
function requireStep(
  state: Placed,
  action: RentalCommandActionName,
  stepType: RentalStepType,
  allowed: readonly RentalStepStatus[],
): RentalCommandStep {
  const step = stepOf(state, stepType);
  if (!step || !allowed.includes(step.status))
    throw new ConflictError(
      'conflict.state',
      `The ${stepType} step is ${step?.status ?? 'absent'}: ${action} needs it ${allowed.join(' or ')}`,
    );
  return step;
}

function requireSucceeded(state: Placed, action: RentalCommandActionName, before: RentalStepType): void {
  const status = statusOf(state, before);
  if (status !== 'success')
    throw new ConflictError(
      'conflict.state',
      `The ${before} step is ${status}: ${action} needs it success first`,
    );
}

/** The step delivery or retrieval, by the command's strategy group; the other one is hidden. */
const handOver = (state: Placed): RentalStepType => (state.group === 'shipping' ? 'delivery' : 'retrieval');

function commandItem(state: Placed, commandItemId: string): RentalCommandItemState {
  const item = state.items.find((i) => i.commandItemId === commandItemId);
  if (!item)
    throw ValidationError.at(`${ATTRIBUTES}/commandItemId`, `The command has no item ${commandItemId}`);
  return item;
}

/** The item exists, is of the line's model, and is not already set aside for this command. */
function requireItemFits(
  state: Placed,
  line: RentalCommandItemState,
  itemId: string,
  itemModelId: string | null | undefined,
): void {
  if (itemModelId === null || itemModelId === undefined)
    throw ValidationError.at(`${ATTRIBUTES}/itemId`, `There is no rental item ${itemId}`);
  if (itemModelId !== line.modelId)
    throw ValidationError.at(
      `${ATTRIBUTES}/itemId`,
      `The item ${itemId} is of the model ${itemModelId}, not of the line's model ${line.modelId}`,
    );
  if (state.items.some((i) => i.itemIds.includes(itemId)))
    throw new ConflictError(
      'conflict.state',
      `The item ${itemId} is already assigned to this command`,
      `${ATTRIBUTES}/itemId`,
    );
}

function place(command: PlaceRentalCommand, state: RentalCommandState): RentalCommandEvent[] {
  const { caller, ...data } = command.data;
  if (state.status !== 'none')
    throw new ConflictError(
      'conflict.duplicate_id',
      `The rental command ${data.commandId} is already placed`,
    );
  if (!caller.rentalAdmin && command.metadata.actor.userId !== data.userId)
    throw new ForbiddenError('A member places only their own rental command');
  const parsed = RentalCommandPlacedDataSchema.safeParse(data);
  if (!parsed.success)
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({
        pointer: `${ATTRIBUTES}/${issue.path.join('/')}`,
        code: 'validation.invalid',
        detail: issue.message,
      })),
    );
  return [{ type: 'RentalCommandPlaced', data: parsed.data }];
}

function act(command: RunRentalCommandAction, state: RentalCommandState): RentalCommandEvent[] {
  const { commandId, caller, action } = command.data;
  const notFound = new NotFoundError(`rental command ${commandId} not found`);
  if (state.status !== 'placed') throw notFound;
  const isMember = command.metadata.actor.userId === state.commandBy;
  // another member's command does not exist for them (as on the read side)
  if (!isMember && !caller.rentalAdmin) throw notFound;
  if (!caller.rentalAdmin && !MEMBER_ACTIONS.has(action.action))
    throw new ForbiddenError(`Only the rental desk may ${action.action} a rental command`);
  if (stepOf(state, 'cancellation'))
    throw new ConflictError('conflict.state', `The cancellation step is success: the command is cancelled`);

  const now = command.metadata.now.toISOString();
  const comment = ('comment' in action ? action.comment : null) ?? null;
  const done = { commandId, doneAt: now, comment };
  switch (action.action) {
    case 'validate':
      requireStep(state, action.action, 'validation', ['waiting', 'error']);
      return [{ type: 'RentalCommandValidated', data: done }];
    case 'uploadContract':
      requireStep(state, action.action, 'contract', ['waiting', 'error']);
      return [{ type: 'RentalContractUploaded', data: { ...done, signedContractFileId: action.fileId } }];
    case 'acceptContract':
    case 'refuseContract': {
      const contract = requireStep(state, action.action, 'contract', ['waiting']);
      if (contract.doneAt === null)
        throw new ConflictError(
          'conflict.state',
          `The contract step is waiting for the signed contract: ${action.action} needs it uploaded`,
        );
      return action.action === 'acceptContract'
        ? [{ type: 'RentalContractAccepted', data: done }]
        : [{ type: 'RentalContractRefused', data: { commandId, refusedAt: now, comment: action.comment } }];
    }
    case 'recordPayment':
      requireStep(state, action.action, 'payment', ['waiting', 'error']);
      return [{ type: 'RentalPaymentRecorded', data: done }];
    case 'prepare':
      requireStep(state, action.action, 'preparation', ['waiting', 'error']);
      return [{ type: 'RentalCommandPrepared', data: done }];
    case 'startDelivery':
    case 'startRetrieval': {
      const stepType = action.action === 'startDelivery' ? 'delivery' : 'retrieval';
      requireStep(state, action.action, stepType, ['pending', 'error']);
      requireSucceeded(state, action.action, 'preparation');
      const data = { commandId, startedAt: now, comment };
      return stepType === 'delivery'
        ? [{ type: 'RentalDeliveryStarted', data }]
        : [{ type: 'RentalRetrievalStarted', data }];
    }
    case 'completeDelivery':
      requireStep(state, action.action, 'delivery', ['waiting']);
      return [{ type: 'RentalDeliveryDone', data: done }];
    case 'completeRetrieval':
      requireStep(state, action.action, 'retrieval', ['waiting']);
      return [{ type: 'RentalRetrievalDone', data: done }];
    case 'recordReturn':
      requireStep(state, action.action, 'return', ['waiting', 'error']);
      return [{ type: 'RentalReturnRecorded', data: done }];
    case 'close':
      requireStep(state, action.action, 'closure', ['waiting', 'error']);
      return [{ type: 'RentalCommandClosed', data: done }];
    case 'cancel':
      return cancel(state, caller, commandId, now, comment);
    case 'failStep': {
      const step = requireStep(state, action.action, action.stepType, ['waiting', 'pending']);
      // a pending step is not yet anyone's to fail, but delivery or retrieval once the items are prepared
      if (
        step.status === 'pending' &&
        (step.stepType !== handOver(state) || statusOf(state, 'preparation') !== 'success')
      )
        throw new ConflictError(
          'conflict.state',
          `The ${step.stepType} step is pending: failStep needs it waiting`,
        );
      return [
        {
          type: 'RentalStepFailed',
          data: { commandId, stepType: action.stepType, failedAt: now, comment: action.comment },
        },
      ];
    }
    case 'assignItem': {
      if (statusOf(state, handOver(state)) === 'success')
        throw new ConflictError(
          'conflict.state',
          `The ${handOver(state)} step is success: the items have left, assignItem needs it before`,
        );
      const line = commandItem(state, action.commandItemId);
      requireItemFits(state, line, action.itemId, command.data.itemModelId);
      if (line.itemIds.length >= line.quantity)
        throw new ConflictError(
          'conflict.state',
          `The command item ${line.commandItemId} already has its ${line.quantity} item(s): replace one instead`,
          `${ATTRIBUTES}/commandItemId`,
        );
      return [
        {
          type: 'RentalItemAssigned',
          data: { commandId, commandItemId: line.commandItemId, itemId: action.itemId },
        },
      ];
    }
    case 'replaceItem': {
      if (statusOf(state, 'return') === 'success')
        throw new ConflictError(
          'conflict.state',
          'The return step is success: the items are back, replaceItem needs it before',
        );
      const line = commandItem(state, action.commandItemId);
      const replacedItemId =
        action.replacedItemId ?? (line.itemIds.length === 1 ? line.itemIds[0] : undefined);
      if (replacedItemId === undefined || !line.itemIds.includes(replacedItemId))
        throw ValidationError.at(
          `${ATTRIBUTES}/replacedItemId`,
          replacedItemId === undefined
            ? `Name the item to replace: the command item holds ${line.itemIds.length}`
            : `The item ${replacedItemId} is not assigned to the command item ${line.commandItemId}`,
        );
      requireItemFits(state, line, action.itemId, command.data.itemModelId);
      return [
        {
          type: 'RentalItemReplaced',
          data: {
            commandId,
            commandItemId: line.commandItemId,
            itemId: action.itemId,
            replacedItemId,
            comment,
          },
        },
      ];
    }
    default: {
      const unknown: never = action;
      throw new Error(`unknown rental command action ${(unknown as { action: string }).action}`);
    }
  }
}

/**
 * The member may cancel while no step after the payment has succeeded; the rental desk until the items have been
 * delivered or retrieved.
 */
function cancel(
  state: Placed,
  caller: RentalCaller,
  commandId: string,
  now: string,
  comment: string | null,
): RentalCommandEvent[] {
  const after: readonly RentalStepType[] = caller.rentalAdmin
    ? [handOver(state), 'return', 'closure']
    : ['preparation', 'delivery', 'retrieval', 'return', 'closure'];
  const blocking = state.steps.find((step) => step.status === 'success' && after.includes(step.stepType));
  if (blocking)
    throw new ConflictError(
      'conflict.state',
      `The ${blocking.stepType} step is success: ${caller.rentalAdmin ? 'the rental desk' : 'the member'} may no longer cancel`,
    );
  return [
    {
      type: 'RentalCommandCancelled',
      data: { commandId, cancelledAt: now, comment, by: caller.rentalAdmin ? 'rentalAdmin' : 'member' },
    },
  ];
}

/** The rental command's lifecycle over its stream `rentalCommand-<id>` (ARCHITECTURE.md §4). */
export const rentalCommandDecider: Decider<RentalLifecycleCommand, RentalCommandEvent, RentalCommandState> = {
  initialState: initialRentalCommandState,
  evolve: evolveRentalCommand,
  decide(command, state) {
    switch (command.type) {
      case 'PlaceRentalCommand':
        return place(command, state);
      case 'RunRentalCommandAction':
        return act(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`unknown rental command ${(unknown as { type: string }).type}`);
      }
    }
  },
};
