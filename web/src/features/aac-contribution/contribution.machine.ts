import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import {
  checkValues,
  emptyValues,
  toSaveDocument,
  type ContributionValues,
  type FieldErrors,
  type ListName,
  type SaveDocument,
} from './contribution-values.ts';

/** One choice of a reference list: its id and its name as the list holds it. */
export interface ReferenceChoice {
  id: string;
  name: string;
}
export type ReferenceLists = Record<ListName, ReferenceChoice[]>;

/** The product being edited, as the form opens it. */
export interface LoadedProduct {
  id: string;
  values: ContributionValues;
  /** the version its If-Match names; null for a record without one */
  version: string | null;
  /** published: the author's changes show at once, nothing waits for a moderator */
  published: boolean;
  /** the viewer may change it (its author, or an AAC moderator): the rules of contracts, asked by the screen */
  editable: boolean;
}

/** What the screen reads first: the reference lists, and the product when one is edited. */
export interface PageLoad {
  lists: ReferenceLists;
  product: LoadedProduct | null;
}

export interface LoadRequest {
  productId: string | null;
  /** the position of the write the reading must see (the save that led here) */
  minPosition: string | null;
}

export interface SaveRequest {
  /** null: a new product (POST), else the product's update (PATCH with If-Match) */
  productId: string | null;
  version: string | null;
  document: SaveDocument;
  /** one per new product: a resend after a lost answer creates nothing more (Idempotency-Key) */
  idempotencyKey: string;
}

export type SaveOutcome =
  | { kind: 'saved'; id: string; position: string | null }
  | { kind: 'refused'; errors: FieldErrors }
  | { kind: 'conflict' }
  | { kind: 'forbidden' }
  | { kind: 'notFound' }
  | { kind: 'failed' };

/** What is said above the form about the last save, what was typed kept. */
export type ContributionNotice = 'conflict' | 'forbidden' | 'notFound' | 'failed';

export interface ContributionInput {
  productId: string | null;
  minPosition: string | null;
  newKey?: () => string;
}

export interface ContributionContext {
  productId: string | null;
  minPosition: string | null;
  lists: ReferenceLists | null;
  product: LoadedProduct | null;
  values: ContributionValues;
  /** what the form opened with: the update sends what differs from it */
  initial: ContributionValues;
  errors: FieldErrors;
  notice: ContributionNotice | null;
  /** how many saves were refused: the screen moves the focus to what to fix after each */
  refusals: number;
  saved: { id: string; position: string | null } | null;
  idempotencyKey: string;
  newKey: () => string;
}

export type ContributionEvent =
  | { type: 'user.edit'; values: Partial<ContributionValues> }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.reload' };

const randomKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const NOTICES: Record<Exclude<SaveOutcome['kind'], 'saved' | 'refused'>, ContributionNotice> = {
  conflict: 'conflict',
  forbidden: 'forbidden',
  notFound: 'notFound',
  failed: 'failed',
};

const kindOf = (error: unknown) => (error instanceof ApiError ? error.kind : null);

/**
 * A member's contribution of an AAC product (seed 000 §2.6: {path}/contribution, {path}/contribution/{id}):
 * loading (the reference lists, and the product to edit) → editing → saving → saved; or notFound, forbidden (a
 * product that is not the viewer's to change) and loadFailed (retry). A save the server refuses comes back to
 * editing with what it said (each problem on its field, a conflict or a refusal above the form), what was typed
 * kept; after a conflict the member may reload the product as it now stands.
 */
export const contributionMachine = setup({
  types: {
    context: {} as ContributionContext,
    events: {} as ContributionEvent,
    input: {} as ContributionInput,
  },
  actors: {
    load: fromPromise<PageLoad, LoadRequest>(() => {
      throw new Error('the screen provides its load actor');
    }),
    save: fromPromise<SaveOutcome, SaveRequest>(() => {
      throw new Error('the screen provides its save actor');
    }),
  },
  guards: {
    valuesInvalid: ({ context }) => Object.keys(checkValues(context.values)).length > 0,
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'user.edit');
      const errors = { ...context.errors };
      for (const field of Object.keys(event.values)) delete errors[field as keyof FieldErrors];
      return { values: { ...context.values, ...event.values }, errors };
    }),
    refuseValues: assign(({ context }) => ({
      errors: checkValues(context.values),
      notice: null,
      refusals: context.refusals + 1,
    })),
  },
}).createMachine({
  id: 'aacContribution',
  context: ({ input }) => {
    const newKey = input.newKey ?? randomKey;
    return {
      productId: input.productId,
      minPosition: input.minPosition,
      lists: null,
      product: null,
      values: emptyValues(),
      initial: emptyValues(),
      errors: {},
      notice: null,
      refusals: 0,
      saved: null,
      idempotencyKey: newKey(),
      newKey,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ productId: context.productId, minPosition: context.minPosition }),
        onDone: [
          {
            guard: ({ event }) => event.output.product !== null && !event.output.product.editable,
            target: 'forbidden',
            actions: assign({ product: ({ event }) => event.output.product }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => {
              const { lists, product } = event.output;
              const values = product?.values ?? emptyValues();
              return { lists, product, values, initial: values, errors: {}, notice: null };
            }),
          },
        ],
        onError: [
          { guard: ({ event }) => kindOf(event.error) === 'not-found', target: 'notFound' },
          { guard: ({ event }) => kindOf(event.error) === 'forbidden', target: 'forbidden' },
          { target: 'loadFailed' },
        ],
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    notFound: {},
    forbidden: {},
    editing: {
      on: {
        'user.edit': { actions: 'edit' },
        'user.submit': [{ guard: 'valuesInvalid', actions: 'refuseValues' }, { target: 'saving' }],
        // after a conflict: the product as it now stands, what was typed given up
        'user.reload': {
          guard: ({ context }) => context.productId !== null,
          target: 'loading',
          actions: assign({ minPosition: null }),
        },
      },
    },
    saving: {
      tags: ['pending'],
      entry: assign({ errors: {}, notice: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          productId: context.productId,
          version: context.product?.version ?? null,
          document: toSaveDocument(context.values, context.product ? context.initial : null),
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'saved',
            target: 'saved',
            actions: assign({
              saved: ({ event }) =>
                event.output.kind === 'saved'
                  ? { id: event.output.id, position: event.output.position }
                  : null,
            }),
          },
          {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const outcome = event.output;
              const refusals = context.refusals + 1;
              if (outcome.kind === 'refused') return { errors: outcome.errors, refusals };
              if (outcome.kind === 'saved') return {};
              return { notice: NOTICES[outcome.kind], refusals };
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign(({ context }) => ({ notice: 'failed' as const, refusals: context.refusals + 1 })),
        },
      },
    },
    saved: {},
  },
});
