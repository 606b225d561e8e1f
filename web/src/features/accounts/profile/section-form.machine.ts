import { assign, assertEvent, fromPromise, setup } from 'xstate';

/** What a profile section edits: text fields and switches, by field name. */
export type SectionValues = Record<string, string | boolean>;
/** Messages by field name; '_form' is a message about the whole section (shown in an alert). */
export type SectionErrors = Record<string, string>;

/** What a section's save call settles to: the values the server now holds, or messages for the form. */
export type SaveOutcome =
  { kind: 'saved'; values: SectionValues } | { kind: 'failed'; errors: SectionErrors };

export interface SectionFormContext {
  /** what the server holds (the signed-in user as last read) */
  baseline: SectionValues;
  /** what the form shows: the baseline plus the user's edits */
  values: SectionValues;
  errors: SectionErrors;
}

export type SectionFormEvent =
  | { type: 'user.edit'; field: string; value: string | boolean }
  | { type: 'user.submit' }
  | { type: 'user.discard' }
  /** the signed-in user was read again (another section saved, another tab): a new baseline */
  | { type: 'server.updated'; values: SectionValues };

export function sameValues(a: SectionValues, b: SectionValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/** The section has edits the server does not hold (the prevent-leave flag follows this). */
export function isDirty(context: SectionFormContext): boolean {
  return !sameValues(context.values, context.baseline);
}

/**
 * One profile section's form (seed 000 §2.1, §5): edits are kept against the server's values, a submit saves
 * them through the `save` actor (provided by the section: the call, the refresh, the toast); a failure keeps
 * what was typed and shows the messages; a new read of the user moves the baseline without losing edits.
 */
export const sectionFormMachine = setup({
  types: {
    context: {} as SectionFormContext,
    events: {} as SectionFormEvent,
    input: {} as { values: SectionValues },
  },
  actors: {
    save: fromPromise<SaveOutcome, { values: SectionValues; baseline: SectionValues }>(() => {
      throw new Error('the section provides its save actor');
    }),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'user.edit');
      const { [event.field]: _fixed, ...errors } = context.errors;
      const { _form: _stale, ...rest } = errors;
      return { values: { ...context.values, [event.field]: event.value }, errors: rest };
    }),
    discard: assign(({ context }) => ({ values: context.baseline, errors: {} })),
    rebase: assign(({ context, event }) => {
      assertEvent(event, 'server.updated');
      const dirty = isDirty(context);
      return { baseline: event.values, values: dirty ? context.values : event.values };
    }),
  },
}).createMachine({
  id: 'sectionForm',
  context: ({ input }) => ({ baseline: input.values, values: input.values, errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.edit': { actions: 'edit' },
        'user.discard': { actions: 'discard' },
        'user.submit': { target: 'saving' },
        'server.updated': { actions: 'rebase' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ values: context.values, baseline: context.baseline }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) =>
            event.output.kind === 'saved'
              ? { baseline: event.output.values, values: event.output.values, errors: {} }
              : { errors: event.output.errors, values: context.values },
          ),
        },
        // a failure the section did not turn into messages (network, session): the shell shows its dialog
        onError: { target: 'editing' },
      },
      on: {
        // the save's own refresh lands here: the outcome sets both baseline and values
        'server.updated': { actions: assign({ baseline: ({ event }) => event.values }) },
      },
    },
  },
});
