import { atom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId } from 'react';
import { preventLeaveAtom } from './app-status.ts';

/** The forms on screen that hold unsaved edits, by the id each was given. */
const dirtyFormsAtom = atom<ReadonlySet<string>>(new Set<string>());

const reportAtom = atom(null, (get, set, { form, dirty }: { form: string; dirty: boolean }) => {
  const before = get(dirtyFormsAtom);
  if (before.has(form) === dirty) return;
  const after = new Set(before);
  if (dirty) after.add(form);
  else after.delete(form);
  set(dirtyFormsAtom, after);
  set(preventLeaveAtom, after.size > 0);
});

/**
 * While `dirty`, leaving the screen asks first: a link or menu item opens the prevent-leave dialog, a reload or a
 * closed tab the browser's own question (seed 000 §2.10 rule 6). Any number of forms may report at once; the
 * question stops when none holds unsaved edits, or when they are gone from the screen.
 *
 * Returns `release`: a form calls it right before the navigation that follows its own save, which the question
 * must not stop (the edits it holds are the ones just saved).
 */
export function useLeaveGuard(dirty: boolean): () => void {
  const form = useId();
  const report = useSetAtom(reportAtom);
  useEffect(() => report({ form, dirty }), [report, form, dirty]);
  useEffect(() => () => report({ form, dirty: false }), [report, form]);
  return useCallback(() => report({ form, dirty: false }), [report, form]);
}

/** Whether a form's values differ from those it was opened with (values that JSON writes out the same are equal). */
export const hasEdits = (values: unknown, initial: unknown): boolean =>
  JSON.stringify(values) !== JSON.stringify(initial);

/** The reader chose to leave without saving: no form holds the question any more. */
export const leaveConfirmedAtom = atom(null, (_get, set) => {
  set(dirtyFormsAtom, new Set<string>());
  set(preventLeaveAtom, false);
});
