import { z } from 'zod/v4';
import { DEFAULT_TIMEZONE } from '../accounts/reference.ts';
import { addDays, calendarDateIn, RentalDateSchema } from './period.ts';
import {
  RentalStepViewSchema,
  type RentalColour,
  type RentalStepType,
  type RentalStepView,
} from './steps.ts';

/** Seed 001 §9: 5 days before the end date means waiting return. */
export const WAITING_RETURN_DAYS = 5;
/** Seed 001 §9: 1 week before the end date means finishing. */
export const FINISHING_DAYS = 7;
/** Seed 001 §9 (and 000 §9): the member has 7 days for the contract and the payment. */
export const CONTRACT_PAYMENT_DEADLINE_DAYS = 7;

const DAY_MS = 86_400_000;

/** A rental command as its derived status, flags and alerts read it; startAt and endAt are calendar dates (period.ts). */
export const RentalCommandViewSchema = z.object({
  createdAt: z.string().datetime({ offset: true }),
  startAt: RentalDateSchema,
  endAt: RentalDateSchema.nullable(),
  steps: z.array(RentalStepViewSchema),
});
export type RentalCommandView = z.infer<typeof RentalCommandViewSchema>;

export const RENTAL_COMMAND_STATUSES = [
  'cancelled',
  'finished',
  'waitingReturn',
  'finishing',
  'coming',
  'running',
] as const;
export const RentalCommandStatusSchema = z.enum(RENTAL_COMMAND_STATUSES);
export type RentalCommandStatus = z.infer<typeof RentalCommandStatusSchema>;

/**
 * Seed 001 §4 gives waitingReturn and finishing warning, coming info, running success. The seed leaves
 * cancelled and finished open; they follow its other closed workflow (Eqlaat projects: stopped error,
 * closed success).
 */
export const RENTAL_COMMAND_STATUS_COLOURS: Record<RentalCommandStatus, RentalColour> = {
  cancelled: 'error',
  finished: 'success',
  waitingReturn: 'warning',
  finishing: 'warning',
  coming: 'info',
  running: 'success',
};

/** The command's step of a type; were there several (a step redone), the last by position. */
function stepOf(
  command: Pick<RentalCommandView, 'steps'>,
  stepType: RentalStepType,
): RentalStepView | undefined {
  let found: RentalStepView | undefined;
  for (const step of command.steps)
    if (step.stepType === stepType && (found === undefined || step.position >= found.position)) found = step;
  return found;
}

function isCancelled(command: Pick<RentalCommandView, 'steps'>): boolean {
  return command.steps.some((step) => step.stepType === 'cancellation');
}

export const RENTAL_COMMAND_FLAGS = [
  'requiringValidation',
  'requiringContract',
  'requiringContractValidation',
  'requiringPayment',
  'requiringPreparation',
  'prepared',
  'requiringDelivery',
  'requiringRetrieval',
  'waitingDelivery',
  'waitingRetrieval',
  'waitingReturn',
  'returned',
  'waitingClosure',
] as const;
export const RentalCommandFlagSchema = z.enum(RENTAL_COMMAND_FLAGS);
export type RentalCommandFlag = z.infer<typeof RentalCommandFlagSchema>;
export type RentalCommandFlags = Record<RentalCommandFlag, boolean>;

/**
 * Seed 001 §4's derived flags, all false when the command is cancelled. The seed spells out validation
 * (waiting), contract (waiting or in error with no done date), contract validation (a done date but still
 * waiting: the signed contract is in, an admin checks it) and delivery or retrieval (prepared and that step
 * pending). The others read: payment as the contract (the member's other duty, with the same deadline);
 * preparation waiting; prepared, returned: that step succeeded; waiting delivery, retrieval, return, closure:
 * that step is waiting.
 */
export function rentalCommandFlags(command: Pick<RentalCommandView, 'steps'>): RentalCommandFlags {
  const status = (stepType: RentalStepType) => stepOf(command, stepType)?.status;
  const memberDue = (stepType: RentalStepType) => {
    const step = stepOf(command, stepType);
    return (
      step !== undefined && (step.status === 'waiting' || step.status === 'error') && step.doneAt === null
    );
  };
  const contract = stepOf(command, 'contract');
  const prepared = status('preparation') === 'success';
  const flags: RentalCommandFlags = {
    requiringValidation: status('validation') === 'waiting',
    requiringContract: memberDue('contract'),
    requiringContractValidation: contract?.status === 'waiting' && contract.doneAt !== null,
    requiringPayment: memberDue('payment'),
    requiringPreparation: status('preparation') === 'waiting',
    prepared,
    requiringDelivery: prepared && status('delivery') === 'pending',
    requiringRetrieval: prepared && status('retrieval') === 'pending',
    waitingDelivery: status('delivery') === 'waiting',
    waitingRetrieval: status('retrieval') === 'waiting',
    waitingReturn: status('return') === 'waiting',
    returned: status('return') === 'success',
    waitingClosure: status('closure') === 'waiting',
  };
  if (isCancelled(command))
    return Object.fromEntries(RENTAL_COMMAND_FLAGS.map((flag) => [flag, false])) as RentalCommandFlags;
  return flags;
}

/**
 * Seed 001 §4: cancelled if a cancellation step exists; finished once returned; with an end date,
 * waitingReturn once the end date minus 5 days has come and the return step is waiting, else finishing
 * once the end date minus 1 week has come; coming while the start is in the future; running otherwise.
 * The dates are calendar dates, compared with `now`'s date in `timeZone` (the platform's default zone):
 * a day "has passed" from its first moment, and a command starting today is running. The seed's order is
 * kept: a period shorter than a week is finishing, not coming, from a week before its end.
 */
export function rentalCommandStatus(
  command: RentalCommandView,
  now: Date,
  timeZone: string = DEFAULT_TIMEZONE,
): { status: RentalCommandStatus; colour: RentalColour } {
  const status = deriveStatus(command, calendarDateIn(now, timeZone));
  return { status, colour: RENTAL_COMMAND_STATUS_COLOURS[status] };
}

function deriveStatus(command: RentalCommandView, today: string): RentalCommandStatus {
  if (isCancelled(command)) return 'cancelled';
  const flags = rentalCommandFlags(command);
  if (flags.returned) return 'finished';
  if (command.endAt !== null) {
    if (today >= addDays(command.endAt, -WAITING_RETURN_DAYS) && flags.waitingReturn) return 'waitingReturn';
    if (today >= addDays(command.endAt, -FINISHING_DAYS)) return 'finishing';
  }
  if (command.startAt > today) return 'coming';
  return 'running';
}

export const RENTAL_ALERT_KINDS = [
  'requiringValidation',
  'requiringContract',
  'requiringPayment',
  'waitingDelivery',
  'waitingRetrieval',
  'waitingReturn',
] as const;
export type RentalAlertKind = (typeof RENTAL_ALERT_KINDS)[number];

export interface RentalAlert {
  level: 'info' | 'warning';
  kind: RentalAlertKind;
  /**
   * When the member must have acted: an ISO date-time for the contract and the payment, the command's
   * end date (a calendar date) for the return; null when the seed gives none.
   */
  deadline: string | null;
}

/**
 * Seed 001 §4: info on requiring validation; warning on requiring contract or payment, due 7 days after
 * the validation step's done date (the creation date while there is none); info on waiting delivery or
 * retrieval; warning on waiting return, due on the end date. A cancelled command raises none.
 */
export function rentalCommandAlerts(command: RentalCommandView): RentalAlert[] {
  const flags = rentalCommandFlags(command);
  const alerts: RentalAlert[] = [];
  if (flags.requiringValidation) alerts.push({ level: 'info', kind: 'requiringValidation', deadline: null });
  const deadline = contractPaymentDeadline(command);
  if (flags.requiringContract) alerts.push({ level: 'warning', kind: 'requiringContract', deadline });
  if (flags.requiringPayment) alerts.push({ level: 'warning', kind: 'requiringPayment', deadline });
  if (flags.waitingDelivery) alerts.push({ level: 'info', kind: 'waitingDelivery', deadline: null });
  if (flags.waitingRetrieval) alerts.push({ level: 'info', kind: 'waitingRetrieval', deadline: null });
  if (flags.waitingReturn) alerts.push({ level: 'warning', kind: 'waitingReturn', deadline: command.endAt });
  return alerts;
}

/** 7 days after the validation step's done date, or after the command's creation while it has none. */
export function contractPaymentDeadline(command: Pick<RentalCommandView, 'createdAt' | 'steps'>): string {
  const from = stepOf(command, 'validation')?.doneAt ?? command.createdAt;
  return new Date(Date.parse(from) + CONTRACT_PAYMENT_DEADLINE_DAYS * DAY_MS).toISOString();
}

/** Everything a list row or a command page shows of the derived rules, at once. */
export function deriveRentalCommand(
  command: RentalCommandView,
  now: Date,
  timeZone: string = DEFAULT_TIMEZONE,
): { status: RentalCommandStatus; colour: RentalColour; flags: RentalCommandFlags; alerts: RentalAlert[] } {
  return {
    ...rentalCommandStatus(command, now, timeZone),
    flags: rentalCommandFlags(command),
    alerts: rentalCommandAlerts(command),
  };
}
