import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isDirty, sectionFormMachine, type SaveOutcome, type SectionValues } from './section-form.machine.ts';

function start(outcome: (values: SectionValues) => Promise<SaveOutcome>) {
  const seen: SectionValues[] = [];
  const actor = createActor(
    sectionFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          seen.push(input.values);
          return outcome(input.values);
        }),
      },
    }),
    { input: { values: { firstName: 'Ada', notify: true } } },
  ).start();
  return { actor, seen };
}

describe('section form machine', () => {
  it('is dirty after an edit and clean after discarding it', () => {
    const { actor } = start(async (values) => ({ kind: 'saved', values }));
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'user.edit', field: 'firstName', value: 'Grace' });
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'user.discard' });
    expect(actor.getSnapshot().context.values).toEqual({ firstName: 'Ada', notify: true });
  });

  it('saves the edited values and takes what the server holds as the new baseline', async () => {
    const { actor, seen } = start(async () => ({
      kind: 'saved',
      values: { firstName: 'Grace (stored)', notify: false },
    }));
    actor.send({ type: 'user.edit', field: 'firstName', value: 'Grace' });
    actor.send({ type: 'user.edit', field: 'notify', value: false });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    const done = await waitFor(actor, (s) => s.matches('editing'));
    expect(seen).toEqual([{ firstName: 'Grace', notify: false }]);
    expect(done.context.values).toEqual({ firstName: 'Grace (stored)', notify: false });
    expect(isDirty(done.context)).toBe(false);
  });

  it('keeps what was typed and shows the messages when the save fails', async () => {
    const { actor } = start(async () => ({ kind: 'failed', errors: { firstName: 'Too long' } }));
    actor.send({ type: 'user.edit', field: 'firstName', value: 'x'.repeat(300) });
    actor.send({ type: 'user.submit' });
    const done = await waitFor(actor, (s) => s.matches('editing'));
    expect(done.context.values.firstName).toBe('x'.repeat(300));
    expect(done.context.errors).toEqual({ firstName: 'Too long' });
    actor.send({ type: 'user.edit', field: 'firstName', value: 'Grace' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('follows a new read of the user, without losing edits in progress', () => {
    const { actor } = start(async (values) => ({ kind: 'saved', values }));
    actor.send({ type: 'server.updated', values: { firstName: 'Ada L.', notify: true } });
    expect(actor.getSnapshot().context.values.firstName).toBe('Ada L.');
    actor.send({ type: 'user.edit', field: 'notify', value: false });
    actor.send({ type: 'server.updated', values: { firstName: 'Ada K.', notify: true } });
    expect(actor.getSnapshot().context.values).toEqual({ firstName: 'Ada L.', notify: false });
    expect(actor.getSnapshot().context.baseline).toEqual({ firstName: 'Ada K.', notify: true });
  });

  it('goes back to editing, values kept, when the save throws', async () => {
    const { actor } = start(async () => {
      throw new Error('Network Error');
    });
    actor.send({ type: 'user.edit', field: 'firstName', value: 'Grace' });
    actor.send({ type: 'user.submit' });
    const done = await waitFor(actor, (s) => s.matches('editing'));
    expect(done.context.values.firstName).toBe('Grace');
  });
});
