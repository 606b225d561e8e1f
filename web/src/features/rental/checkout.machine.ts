import {
  cartModels,
  checkCart,
  isBookingExpired,
  RentalBookingRequestSchema,
  type RentalBookingRequest,
  type RentalCart,
} from '@platform/contracts/rental/cart';
import type { RentalEnvironment } from '@platform/contracts/rental/environment';
import { checkPeriod } from '@platform/contracts/rental/period';
import type { RentalStrategy } from '@platform/contracts/rental/strategies';
import { and, assertEvent, assign, emit, enqueueActions, fromPromise, not, setup } from 'xstate';
import {
  isHoldLapsed,
  placeOfFailure,
  ruleProblem,
  type Problem,
  type Problems,
} from './checkout-problems.ts';
import type { CheckoutStep } from './checkout-steps.ts';

export type AddressField = 'billingAddress' | 'shippingAddress' | 'phone';
export type CheckoutAddresses = Record<AddressField, string>;
export interface CheckoutPeriod {
  startAt: string;
  endAt: string;
}
/** Free items of each model over the period (GET /services/rentals/availability). */
export type Availability = Record<string, { free: number; items: number }>;
export interface HeldBooking {
  id: string;
  expiresAt: string;
}
export type Member = 'unknown' | 'anonymous' | 'signedIn';

/** Where a checkout stood when it was stored (checkout-storage.ts): what a reload or another tab resumes. */
export interface StoredCheckout {
  step: CheckoutStep | 'confirmed';
  period: CheckoutPeriod;
  addresses: CheckoutAddresses;
  /** the id of the booking asked for, chosen here so that a retried request holds once */
  bookingId: string | null;
  booking: HeldBooking | null;
  commandId: string | null;
}

export interface CheckoutInput {
  env: RentalEnvironment;
  cart: RentalCart;
  stored?: StoredCheckout | null;
  member?: Member;
  /** the clock (the hold's expiry, the period's "today"); Date's by default */
  now?: () => Date;
  /** a new booking id; crypto.randomUUID by default */
  newId?: () => string;
}

export interface CheckoutContext {
  env: RentalEnvironment;
  cart: RentalCart;
  period: CheckoutPeriod;
  availability: Availability | null;
  addresses: CheckoutAddresses;
  member: Member;
  bookingId: string | null;
  booking: HeldBooking | null;
  commandId: string | null;
  /** the event position of the command's placing: its page reads at it (not stored: a resumed page is long past) */
  commandPosition: string | null;
  /** the shown step's problems by field (checkout-problems.ts) */
  problems: Problems;
  /** the step the checkout was stored at, read once when it starts */
  resumeAt: StoredCheckout['step'];
  now: () => Date;
  newId: () => string;
}

export type CheckoutEvent =
  | { type: 'user.setQuantity'; modelId: string; quantity: number }
  | { type: 'user.removeModel'; modelId: string }
  | { type: 'user.setPeriod'; startAt: string; endAt: string }
  | { type: 'user.setStrategy'; strategy: RentalStrategy }
  | { type: 'user.editAddress'; field: AddressField; value: string }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.goTo'; step: CheckoutStep }
  | { type: 'user.confirm' }
  | { type: 'user.bookAgain' }
  | { type: 'user.retry' }
  | { type: 'user.restart' }
  /** the cart was changed elsewhere: a catalogue page, another tab */
  | { type: 'cart.changed'; cart: RentalCart }
  | { type: 'session.changed'; member: Member }
  | { type: 'env.changed'; env: RentalEnvironment };

/**
 * Told to the screens: `signInRequired` when an anonymous member reaches the addresses (they come back to
 * it after signing in), `confirmed` with the command's id.
 */
export type CheckoutEmitted =
  | { type: 'signInRequired'; step: CheckoutStep }
  | { type: 'confirmed'; commandId: string; position: string | null };

const randomId = () => crypto.randomUUID();
const noProblems = { problems: {} as Problems };
export const emptyAddresses = (): CheckoutAddresses => ({
  billingAddress: '',
  shippingAddress: '',
  phone: '',
});

/** The booking a checkout asks for; the schema's rules decide whether the addresses are complete. */
export function bookingRequestOf(
  context: CheckoutContext,
): Partial<RentalBookingRequest> & Record<string, unknown> {
  return {
    ...(context.bookingId ? { id: context.bookingId } : {}),
    models: cartModels(context.cart),
    startAt: context.period.startAt,
    endAt: context.period.endAt,
    strategy: context.cart.strategy ?? undefined,
    phone: context.addresses.phone,
    billingAddress: context.addresses.billingAddress,
    shippingAddress: context.addresses.shippingAddress,
  };
}

const cartIssues = (context: CheckoutContext): Problems => {
  if (Object.keys(context.cart.models).length === 0)
    return { models: ruleProblem({ code: 'empty_cart', detail: 'the cart is empty' }) };
  const issues: Problems = {};
  for (const issue of checkCart(context.cart, context.env)) issues[issue.field] ??= ruleProblem(issue);
  return issues;
};

const periodIssues = (context: CheckoutContext): Problems => {
  const issues: Problems = {};
  for (const issue of checkPeriod(context.period, context.env, context.now()))
    issues[issue.field] ??= ruleProblem(issue);
  return issues;
};

/** Each model of the cart that the period has too few free items of, on its line. */
const availabilityIssues = (context: CheckoutContext): Problems => {
  const issues: Problems = {};
  for (const [modelId, quantity] of Object.entries(context.cart.models)) {
    const free = context.availability?.[modelId]?.free ?? 0;
    if (free < quantity)
      issues[`models.${modelId}`] = ruleProblem({
        code: 'not_enough_free',
        detail: `only ${free} free over this period`,
        limit: free,
      });
  }
  return issues;
};

const ADDRESS_FIELDS = ['strategy', 'phone', 'billingAddress', 'shippingAddress'] as const;

const addressIssues = (context: CheckoutContext): Problems => {
  // with its input, an issue tells a choice not made (zod 4 reports an enum's undefined as invalid_value)
  const parsed = RentalBookingRequestSchema.safeParse(bookingRequestOf(context), { reportInput: true });
  if (parsed.success) return {};
  const issues: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (!(ADDRESS_FIELDS as readonly string[]).includes(field)) continue;
    const missing =
      issue.code === 'invalid_type' ||
      issue.code === 'too_small' ||
      issue.code === 'custom' ||
      (issue.code === 'invalid_value' && typeof issue.input !== 'string');
    issues[field] ??= ruleProblem({ code: missing ? 'required' : 'text_too_long', detail: issue.message });
  }
  return issues;
};

/** Whether the stored step may be shown again: every earlier step still holds with today's rules. */
const earlierStepsHold = (context: CheckoutContext, step: CheckoutStep) => {
  const order: CheckoutStep[] = ['cart', 'period', 'addresses', 'summary'];
  const reach = order.indexOf(step);
  if (reach >= 1 && Object.keys(cartIssues(context)).length) return false;
  if (reach >= 2 && Object.keys(periodIssues(context)).length) return false;
  if (reach >= 3 && Object.keys(addressIssues(context)).length) return false;
  return true;
};

const storedAtOrAfter = (context: CheckoutContext, step: CheckoutStep) => {
  const order = ['cart', 'period', 'addresses', 'summary', 'confirmed'];
  return order.indexOf(context.resumeAt) >= order.indexOf(step);
};

type Failure = { error: unknown };

/** The checkout's types, calls, guards and actions; the machine below puts them in order. */
const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
    input: {} as CheckoutInput,
  },
  actors: {
    checkAvailability: fromPromise<Availability, { period: CheckoutPeriod; modelIds: string[] }>(() => {
      throw new Error('checkAvailability is provided by the screen');
    }),
    book: fromPromise<HeldBooking, RentalBookingRequest>(() => {
      throw new Error('book is provided by the screen');
    }),
    command: fromPromise<{ id: string; position?: string }, { bookingId: string }>(() => {
      throw new Error('command is provided by the screen');
    }),
  },
  delays: {
    /** until the hold's expiresAt, as the clock reads now */
    holdLapse: ({ context }) =>
      context.booking ? Math.max(0, Date.parse(context.booking.expiresAt) - context.now().getTime()) : 0,
  },
  guards: {
    cartReady: ({ context }) => Object.keys(cartIssues(context)).length === 0,
    periodValid: ({ context }) => Object.keys(periodIssues(context)).length === 0,
    allAvailable: ({ context }) => Object.keys(availabilityIssues(context)).length === 0,
    addressesComplete: ({ context }) => Object.keys(addressIssues(context)).length === 0,
    signedIn: ({ context }) => context.member === 'signedIn',
    anonymous: ({ context }) => context.member === 'anonymous',
    goesTo: ({ event }, params: { step: CheckoutStep }) =>
      event.type === 'user.goTo' && event.step === params.step,
    failedOn: ({ context }, params: Failure & { step: CheckoutStep }) =>
      placeOfFailure(params.error, Object.keys(context.cart.models)).step === params.step,
    holdLapsed: (_, params: Failure) => isHoldLapsed(params.error),
    /* resuming: the stored step, if every earlier step still holds */
    storedConfirmed: ({ context }) => context.resumeAt === 'confirmed' && context.commandId !== null,
    storedHold: ({ context }) =>
      context.resumeAt === 'summary' && context.booking !== null && earlierStepsHold(context, 'summary'),
    storedHoldLapsed: ({ context }) =>
      context.booking !== null && isBookingExpired(context.booking, context.now()),
    storedAt: ({ context }, params: { step: CheckoutStep }) =>
      storedAtOrAfter(context, params.step) && earlierStepsHold(context, params.step),
  },
  actions: {
    clearProblems: assign(noProblems),
    setQuantity: assign({
      cart: ({ context, event }) => {
        assertEvent(event, 'user.setQuantity');
        const models = { ...context.cart.models };
        if (Number.isInteger(event.quantity) && event.quantity > 0) models[event.modelId] = event.quantity;
        else delete models[event.modelId];
        return { ...context.cart, models };
      },
      problems: {},
    }),
    removeModel: assign({
      cart: ({ context, event }) => {
        assertEvent(event, 'user.removeModel');
        const { [event.modelId]: _removed, ...models } = context.cart.models;
        return { ...context.cart, models };
      },
      problems: {},
    }),
    takeCart: assign({
      cart: ({ event }) => {
        assertEvent(event, 'cart.changed');
        return event.cart;
      },
      availability: null,
    }),
    setPeriod: assign({
      period: ({ event }) => {
        assertEvent(event, 'user.setPeriod');
        return { startAt: event.startAt, endAt: event.endAt };
      },
      availability: null,
      problems: {},
    }),
    setStrategy: assign(({ context, event }) => {
      assertEvent(event, 'user.setStrategy');
      const { strategy: _was, shippingAddress: _address, ...problems } = context.problems;
      return { cart: { ...context.cart, strategy: event.strategy }, problems };
    }),
    editAddress: assign(({ context, event }) => {
      assertEvent(event, 'user.editAddress');
      const { [event.field]: _was, ...problems } = context.problems;
      return { addresses: { ...context.addresses, [event.field]: event.value }, problems };
    }),
    showCartProblems: assign({ problems: ({ context }) => cartIssues(context) }),
    showPeriodProblems: assign({ problems: ({ context }) => periodIssues(context) }),
    showUnavailable: assign({ problems: ({ context }) => availabilityIssues(context) }),
    showAddressProblems: assign({ problems: ({ context }) => addressIssues(context) }),
    showFailure: assign({
      problems: ({ context }, params: Failure) =>
        placeOfFailure(params.error, Object.keys(context.cart.models)).problems,
    }),
    showProblem: assign({
      problems: (_, params: { field: string; problem: Problem }) => ({ [params.field]: params.problem }),
    }),
    askSignIn: emit({ type: 'signInRequired', step: 'addresses' }),
    /** a new booking's id, so that a retry of the same request books once */
    newBooking: assign({ bookingId: ({ context }) => context.newId(), booking: null }),
    /** the hold is given back (DELETE the booking); the screen provides the call, a failure lets it lapse */
    releaseHold: (_, _params: { bookingId: string }) => undefined,
    forgetBooking: assign({ bookingId: null, booking: null }),
  },
});

/**
 * The rental checkout (seed 000 §2.3, §4; issue 19): cart → period → addresses → summary → confirmed. Each
 * step goes on only when the contracts' rules allow it (cart limits, period rules and the models' free items,
 * the addresses a strategy needs); entering the summary books the cart (a hold until expiresAt), going back
 * releases it, and when it lapses the summary says so and offers to book again; confirming makes the rental
 * command. A refusal of the API goes back to the step and onto the field it names.
 *
 * The screens provide the calls (`checkAvailability`, `book`, `command`) and `releaseHold` (DELETE the booking);
 * the checkout's record is stored by checkout-storage.ts and given back as `stored` to resume at its step.
 */
export const checkoutMachine = checkoutSetup
  .extend({
    actions: {
      /** leaving the summary (or resuming before it): the hold asked for, if any, is given back */
      giveBackHold: checkoutSetup.enqueueActions(({ context, enqueue }) => {
        if (context.bookingId !== null)
          enqueue({ type: 'releaseHold', params: { bookingId: context.bookingId } });
        enqueue('forgetBooking');
      }),
    },
  })
  .createMachine({
    id: 'checkout',
    context: ({ input }) => ({
      env: input.env,
      cart: input.cart,
      period: input.stored?.period ?? { startAt: '', endAt: '' },
      availability: null,
      addresses: input.stored?.addresses ?? emptyAddresses(),
      member: input.member ?? 'unknown',
      bookingId: input.stored?.bookingId ?? null,
      booking: input.stored?.booking ?? null,
      commandId: input.stored?.commandId ?? null,
      commandPosition: null,
      problems: {},
      resumeAt: input.stored?.step ?? 'cart',
      now: input.now ?? (() => new Date()),
      newId: input.newId ?? randomId,
    }),
    initial: 'resuming',
    on: {
      'session.changed': { actions: assign({ member: ({ event }) => event.member }) },
      'env.changed': { actions: assign({ env: ({ event }) => event.env }) },
      'cart.changed': { actions: 'takeCart' },
    },
    states: {
      /** where the stored checkout stood, as far as the rules still allow; a fresh one starts at the cart */
      resuming: {
        always: [
          { guard: 'storedConfirmed', target: 'confirmed' },
          { guard: and(['storedHold', 'storedHoldLapsed']), target: 'summary.expired' },
          { guard: 'storedHold', target: 'summary.held' },
          // stored while the booking was asked for: asked again with the same id, it holds once
          {
            guard: { type: 'storedAt', params: { step: 'summary' } },
            target: 'summary',
          },
          {
            guard: { type: 'storedAt', params: { step: 'addresses' } },
            target: 'addresses',
            actions: 'giveBackHold',
          },
          {
            guard: { type: 'storedAt', params: { step: 'period' } },
            target: 'period',
            actions: 'giveBackHold',
          },
          {
            target: 'cart',
            actions: 'giveBackHold',
          },
        ],
      },

      /** the models and their quantities, within rentalMaxItems and rentalMaxModels */
      cart: {
        on: {
          'user.setQuantity': { actions: 'setQuantity' },
          'user.removeModel': { actions: 'removeModel' },
          'user.next': [
            { guard: 'cartReady', target: 'period', actions: 'clearProblems' },
            { actions: 'showCartProblems' },
          ],
        },
      },

      /** the dates, by the period rules; each model's free items over them are read once the dates are valid */
      period: {
        initial: 'deciding',
        on: {
          'user.setPeriod': { target: '.deciding', actions: 'setPeriod' },
          'cart.changed': { target: '.deciding', actions: 'takeCart' },
          'user.back': { target: 'cart', actions: 'clearProblems' },
          'user.goTo': {
            guard: { type: 'goesTo', params: { step: 'cart' } },
            target: 'cart',
            actions: 'clearProblems',
          },
        },
        states: {
          deciding: {
            always: [{ guard: 'periodValid', target: 'checking' }, { target: 'idle' }],
          },
          /** no valid period yet, or its availability could not be read */
          idle: {
            on: {
              'user.next': [
                { guard: 'periodValid', target: 'checking', actions: 'clearProblems' },
                { actions: 'showPeriodProblems' },
              ],
            },
          },
          checking: {
            tags: 'pending',
            invoke: {
              src: 'checkAvailability',
              input: ({ context }) => ({
                period: context.period,
                modelIds: Object.keys(context.cart.models),
              }),
              onDone: { target: 'ready', actions: assign({ availability: ({ event }) => event.output }) },
              onError: {
                target: 'idle',
                actions: {
                  type: 'showProblem',
                  params: () => ({
                    field: '_form',
                    problem: ruleProblem({
                      code: 'availability_failed',
                      detail: 'availability could not be read',
                    }),
                  }),
                },
              },
            },
          },
          ready: {
            on: {
              'user.next': [
                {
                  guard: and(['allAvailable', 'anonymous']),
                  target: '#checkout.addresses',
                  actions: ['clearProblems', 'askSignIn'],
                },
                { guard: 'allAvailable', target: '#checkout.addresses', actions: 'clearProblems' },
                { actions: 'showUnavailable' },
              ],
            },
          },
        },
      },

      /** the strategy, the billing address, a shipping address for the strategies that ship, the phone */
      addresses: {
        on: {
          'user.setStrategy': { actions: 'setStrategy' },
          'user.editAddress': { actions: 'editAddress' },
          'session.changed': [
            {
              guard: ({ event }) => event.member === 'anonymous',
              actions: [assign({ member: 'anonymous' }), 'askSignIn'],
            },
            { actions: assign({ member: ({ event }) => event.member }) },
          ],
          'user.next': [
            { guard: 'anonymous', actions: 'askSignIn' },
            { guard: and(['signedIn', 'addressesComplete']), target: 'summary', actions: 'clearProblems' },
            { guard: not('addressesComplete'), actions: 'showAddressProblems' },
          ],
          'user.back': { target: 'period', actions: 'clearProblems' },
          'user.goTo': [
            { guard: { type: 'goesTo', params: { step: 'cart' } }, target: 'cart', actions: 'clearProblems' },
            {
              guard: { type: 'goesTo', params: { step: 'period' } },
              target: 'period',
              actions: 'clearProblems',
            },
          ],
        },
      },

      /** what the member rents and for how much; the items are held while it is shown */
      summary: {
        initial: 'booking',
        entry: enqueueActions(({ context, enqueue }) => {
          if (context.bookingId === null) enqueue('newBooking');
        }),
        on: {
          'user.back': {
            target: 'addresses',
            actions: ['giveBackHold', 'clearProblems'],
          },
          'user.goTo': [
            ...(['cart', 'period', 'addresses'] as const).map((step) => ({
              guard: { type: 'goesTo' as const, params: { step } },
              target: step,
              actions: ['giveBackHold' as const, 'clearProblems' as const],
            })),
          ],
          // a cart changed meanwhile is not the one held: the hold is given back and the cart shown again
          'cart.changed': {
            target: 'cart',
            actions: ['giveBackHold', 'takeCart', 'clearProblems'],
          },
        },
        states: {
          booking: {
            tags: 'pending',
            invoke: {
              src: 'book',
              input: ({ context }) => RentalBookingRequestSchema.parse(bookingRequestOf(context)),
              onDone: {
                target: 'held',
                actions: assign({
                  booking: ({ event }) => ({ id: event.output.id, expiresAt: event.output.expiresAt }),
                  problems: {},
                }),
              },
              onError: [
                ...(['cart', 'period', 'addresses'] as const).map((step) => ({
                  guard: {
                    type: 'failedOn' as const,
                    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, step }),
                  },
                  target: `#checkout.${step}`,
                  actions: [
                    'forgetBooking' as const,
                    {
                      type: 'showFailure' as const,
                      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
                    },
                  ],
                })),
                {
                  target: 'failed',
                  actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                },
              ],
            },
          },
          /** the items are the member's until expiresAt */
          held: {
            after: { holdLapse: 'expired' },
            on: { 'user.confirm': { target: 'commanding', actions: 'clearProblems' } },
          },
          /** the hold lapsed and gave the items back, with no call: booking again may find them taken */
          expired: {
            entry: 'forgetBooking',
            on: { 'user.bookAgain': { target: 'booking', actions: ['clearProblems', 'newBooking'] } },
          },
          commanding: {
            tags: 'pending',
            invoke: {
              src: 'command',
              input: ({ context }) => ({ bookingId: context.booking!.id }),
              onDone: {
                target: '#checkout.confirmed',
                actions: assign({
                  commandId: ({ event }) => event.output.id,
                  commandPosition: ({ event }) => event.output.position ?? null,
                  bookingId: null,
                  booking: null,
                  cart: ({ context }) => ({ models: {}, strategy: context.cart.strategy }),
                }),
              },
              onError: [
                {
                  guard: { type: 'holdLapsed', params: ({ event }) => ({ error: event.error }) },
                  target: 'expired',
                  actions: {
                    type: 'showProblem',
                    params: () => ({
                      field: '_form',
                      problem: ruleProblem({ code: 'hold_lapsed', detail: 'the hold lapsed' }),
                    }),
                  },
                },
                {
                  target: 'held',
                  actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                },
              ],
            },
          },
          /** the booking could not be made for a reason of no step's field */
          failed: {
            on: { 'user.retry': { target: 'booking', actions: 'clearProblems' } },
          },
        },
      },

      /** the rental command is made; the cart is empty again */
      confirmed: {
        entry: emit(({ context }) => ({
          type: 'confirmed',
          commandId: context.commandId!,
          position: context.commandPosition,
        })),
        on: {
          'user.restart': { target: 'cart', actions: assign({ commandId: null, ...noProblems }) },
          'cart.changed': { target: 'cart', actions: ['takeCart', assign({ commandId: null })] },
        },
      },
    },
  });

/** The step a snapshot's value shows (null while resuming), for the routes and the stored record. */
export function checkoutStepOf(value: unknown): CheckoutStep | 'confirmed' | null {
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0];
  return top === undefined || top === 'resuming' ? null : (top as CheckoutStep | 'confirmed');
}

/** What is stored of a running checkout (checkout-storage.ts), besides the cart. */
export function storedCheckoutOf(context: CheckoutContext, step: CheckoutStep | 'confirmed'): StoredCheckout {
  return {
    step,
    period: context.period,
    addresses: context.addresses,
    bookingId: context.bookingId,
    booking: context.booking,
    commandId: context.commandId,
  };
}
