import type { RentalCartIssue } from '@platform/contracts/rental/cart';
import type { RentalPeriodIssue } from '@platform/contracts/rental/period';
import { ApiError, isGlobalKind } from '../../kit/api/errors.ts';
import { CHECKOUT_STEPS, type CheckoutStep } from './checkout-steps.ts';

/**
 * Why a field cannot go on. `rule`: a contracts rule refused it on this side (its code is the rule's, worded
 * by the web); `server`: the API refused it (its code is the server's, worded by serverError.* or its detail).
 */
export interface Problem {
  origin: 'rule' | 'server';
  code: string;
  detail: string;
  limit?: number;
}

/**
 * A step's problems by field: 'models' (the cart as a whole), 'models.<modelId>' (a model's line), 'startAt',
 * 'endAt', 'strategy', 'billingAddress', 'shippingAddress', 'phone', and '_form' (above the step's form).
 */
export type Problems = Record<string, Problem>;

export const ruleProblem = (
  issue: RentalCartIssue | RentalPeriodIssue | { code: string; detail: string; limit?: number },
): Problem => ({
  origin: 'rule',
  code: issue.code,
  detail: issue.detail,
  ...(issue.limit !== undefined ? { limit: issue.limit } : {}),
});

/** The fields of each step, for a server error's pointer. */
const STEP_OF_FIELD: Record<string, CheckoutStep> = {
  models: 'cart',
  startAt: 'period',
  endAt: 'period',
  strategy: 'addresses',
  phone: 'addresses',
  billingAddress: 'addresses',
  shippingAddress: 'addresses',
};

/** Where a failed call's errors belong: the step to show again, and each error on its field there. */
export interface FailurePlace {
  step: CheckoutStep;
  problems: Problems;
}

export const RENTAL_UNAVAILABLE = 'conflict.rental_unavailable';
export const BOOKING_EXPIRED = 'conflict.rental_booking_expired';

/**
 * A booking's or a command's refusal placed on its step and field (seed 000 §5, ARCHITECTURE.md §7): a 422's
 * pointer names the field (/data/attributes/startAt → the period's start; /data/attributes/models/<id> → that
 * model's line on the cart); a 409 "unavailable" names the model whose line on the period step says so; the
 * rest is the summary's. `modelIds`: the booking's models in the order sent, for a pointer by index.
 */
export function placeOfFailure(error: unknown, modelIds: readonly string[]): FailurePlace {
  if (!(error instanceof ApiError) || isGlobalKind(error.kind) || error.errors.length === 0) {
    const code = error instanceof ApiError ? `failure.${error.kind}` : 'failure.unexpected';
    const detail = error instanceof Error ? error.message : String(error);
    return { step: 'summary', problems: { _form: { origin: 'rule', code, detail } } };
  }
  const places: Array<{ step: CheckoutStep; field: string; problem: Problem }> = error.errors.map((e) => {
    const problem: Problem = { origin: 'server', code: e.code ?? '', detail: e.detail ?? error.message };
    const tokens = (e.source?.pointer ?? '').split('/').slice(1);
    const [root, section, name, item] = tokens;
    if (root !== 'data' || section !== 'attributes' || !name || !(name in STEP_OF_FIELD))
      return { step: 'summary', field: '_form', problem };
    if (name !== 'models') return { step: STEP_OF_FIELD[name]!, field: name, problem };
    const modelId = item !== undefined && /^\d+$/.test(item) ? modelIds[Number(item)] : item;
    const field = modelId ? `models.${modelId}` : 'models';
    // a model the period cannot hold is the period's to change; a refused line is the cart's
    return { step: error.kind === 'conflict' ? 'period' : 'cart', field, problem };
  });
  // the earliest step with an error is the one to show: what follows it depends on it
  const step = CHECKOUT_STEPS.find((s) => places.some((p) => p.step === s)) ?? 'summary';
  const problems: Problems = {};
  for (const place of places) if (place.step === step) problems[place.field] ??= place.problem;
  return { step, problems };
}

/** A command refused because the booking's hold had lapsed. */
export function isHoldLapsed(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'conflict' &&
    error.errors.some((e) => e.code === BOOKING_EXPIRED)
  );
}
