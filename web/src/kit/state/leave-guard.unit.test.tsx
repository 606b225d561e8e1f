import { act, render } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { preventLeaveAtom } from './app-status.ts';
import { hasEdits, leaveConfirmedAtom, useLeaveGuard } from './leave-guard.ts';

let releases: Record<string, () => void> = {};

function Form({ name, dirty }: { name: string; dirty: boolean }) {
  releases[name] = useLeaveGuard(dirty);
  return null;
}

function setup() {
  releases = {};
  const store = createStore();
  const view = (forms: Record<string, boolean>) => (
    <JotaiProvider store={store}>
      {Object.entries(forms).map(([name, dirty]) => (
        <Form key={name} name={name} dirty={dirty} />
      ))}
    </JotaiProvider>
  );
  const rendered = render(view({}));
  return {
    store,
    show: (forms: Record<string, boolean>) => rendered.rerender(view(forms)),
    guarded: () => store.get(preventLeaveAtom),
  };
}

describe('the leave guard', () => {
  it('asks while any form on screen holds unsaved edits', () => {
    const { show, guarded } = setup();
    show({ settings: false, block: false });
    expect(guarded()).toBe(false);
    show({ settings: true, block: false });
    expect(guarded()).toBe(true);
    show({ settings: true, block: true });
    show({ settings: false, block: true });
    expect(guarded()).toBe(true);
    show({ settings: false, block: false });
    expect(guarded()).toBe(false);
  });

  it('stops asking when the form with edits leaves the screen', () => {
    const { show, guarded } = setup();
    show({ settings: false, block: true });
    expect(guarded()).toBe(true);
    show({ settings: false });
    expect(guarded()).toBe(false);
  });

  it('lets a form release the question before the navigation that follows its save', () => {
    const { show, guarded } = setup();
    show({ settings: true, block: true });
    act(() => releases.settings!());
    expect(guarded()).toBe(true);
    act(() => releases.block!());
    expect(guarded()).toBe(false);
    // still dirty, rendered again: the released form does not ask again until its edits change
    show({ settings: true, block: true });
    expect(guarded()).toBe(false);
    show({ settings: false, block: true });
    show({ settings: true, block: true });
    expect(guarded()).toBe(true);
  });

  it('forgets every form once the reader chose to leave without saving', () => {
    const { store, show, guarded } = setup();
    show({ settings: true, block: true });
    act(() => store.set(leaveConfirmedAtom));
    expect(guarded()).toBe(false);
    // a form that stays on screen and is edited again asks again
    show({ settings: false, block: true });
    show({ settings: true, block: true });
    expect(guarded()).toBe(true);
  });

  it('compares values as JSON writes them out', () => {
    expect(hasEdits({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBe(false);
    expect(hasEdits({ a: 1, b: [2, 1] }, { a: 1, b: [1, 2] })).toBe(true);
    expect(hasEdits({ a: '' }, { a: null })).toBe(true);
  });
});
