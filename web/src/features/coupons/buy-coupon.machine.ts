import type { CouponUnavailable } from '@platform/contracts/coupons/coupon';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface CouponChoice {
  id: string;
  name: string;
}

/** What a purchase call settles to: bought at a position, or a refusal the availability rule gave. */
export type PurchaseOutcome =
  { kind: 'bought'; purchaseId: string; position: string } | { kind: 'refused'; reason: CouponUnavailable };

/** Why a purchase did not happen: a rule of seed 001 §4, or 'failed' (no answer, an unexpected one). */
export type RefusalReason = CouponUnavailable | 'failed';

export interface BuyCouponContext {
  coupon: CouponChoice | null;
  /** one per confirmed purchase: a retried request is the same purchase (POST .../purchase Idempotency-Key) */
  idempotencyKey: string | null;
  position: string | null;
  reason: RefusalReason | null;
  newKey: () => string;
}

export type BuyCouponEvent =
  | { type: 'user.buy'; coupon: CouponChoice }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

const randomKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Buying a coupon (seed 001 §4): idle → confirming (the member sees what they buy) → purchasing → bought (the
 * screen reads the lists again at the write's position) or refused (sold out, individual limit, expired, or the
 * call failed). From bought or refused the member closes, or buys another coupon.
 */
export const buyCouponMachine = setup({
  types: {
    context: {} as BuyCouponContext,
    events: {} as BuyCouponEvent,
    input: {} as { newKey?: () => string },
  },
  actors: {
    purchase: fromPromise<PurchaseOutcome, { couponId: string; idempotencyKey: string }>(() => {
      throw new Error('the screen provides its purchase actor');
    }),
  },
  actions: {
    choose: assign(({ context, event }) => {
      assertEvent(event, 'user.buy');
      return { coupon: event.coupon, idempotencyKey: context.newKey(), position: null, reason: null };
    }),
    clear: assign({ coupon: null, idempotencyKey: null, position: null, reason: null }),
    /** side effects the screen provides: refresh the lists, announce the outcome */
    bought: () => undefined,
    refused: () => undefined,
  },
}).createMachine({
  id: 'buyCoupon',
  context: ({ input }) => ({
    coupon: null,
    idempotencyKey: null,
    position: null,
    reason: null,
    newKey: input.newKey ?? randomKey,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.buy': { target: 'confirming', actions: 'choose' } },
    },
    confirming: {
      on: {
        'user.confirm': { target: 'purchasing' },
        'user.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    purchasing: {
      invoke: {
        src: 'purchase',
        input: ({ context }) => ({ couponId: context.coupon!.id, idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'bought',
            target: 'bought',
            actions: assign(({ event }) => ({
              position: event.output.kind === 'bought' ? event.output.position : null,
            })),
          },
          {
            target: 'refused',
            actions: assign(({ event }) => ({
              reason: event.output.kind === 'refused' ? event.output.reason : ('failed' as const),
            })),
          },
        ],
        onError: { target: 'refused', actions: assign({ reason: 'failed' as const }) },
      },
    },
    bought: {
      entry: 'bought',
      on: {
        'user.close': { target: 'idle', actions: 'clear' },
        'user.buy': { target: 'confirming', actions: 'choose' },
      },
    },
    refused: {
      entry: 'refused',
      on: {
        'user.close': { target: 'idle', actions: 'clear' },
        'user.buy': { target: 'confirming', actions: 'choose' },
      },
    },
  },
});
