import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.tsx';

describe('deferred', () => {
  it('a component that appeared while its code loaded is not mounted anew when it re-renders', async () => {
    let mounts = 0;
    function Drawer({ label }: { label: string; isOpen: boolean }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>{label}</p>;
    }
    let resolve!: (component: typeof Drawer) => void;
    const Deferred = deferred<{ label: string; isOpen: boolean }>(
      () => new Promise((r) => (resolve = r)),
      (props) => props.isOpen,
    );

    const { rerender } = render(<Deferred label="Text size 16" isOpen />);
    expect(screen.queryByText('Text size 16')).toBeNull(); // its code is on its way
    await act(async () => {
      resolve(Drawer);
      await new Promise((r) => setTimeout(r, 0));
    });
    await screen.findByText('Text size 16');
    // a later render (the reader moved a slider): the same drawer, not a new one
    rerender(<Deferred label="Text size 17" isOpen />);
    await screen.findByText('Text size 17');
    expect(mounts).toBe(1);
  });

  it('renders nothing before it is needed or the gate opens', () => {
    const Deferred = deferred<{ isOpen: boolean }>(
      () => Promise.resolve(() => <p>Loaded</p>),
      (props) => props.isOpen,
    );
    render(<Deferred isOpen={false} />);
    expect(screen.queryByText('Loaded')).toBeNull();
  });

  it('marks the document once the gate opened and every deferred module has loaded', async () => {
    // a gate and a document of its own: the window's gate may have been opened by a test before this one
    vi.resetModules();
    const fresh = await import('./deferred.tsx');
    const doc = document.implementation.createHTMLDocument('deferred');
    let resolve!: (component: () => null) => void;
    fresh.deferred(() => new Promise<() => null>((r) => (resolve = r)));
    fresh.openDeferredGate(doc);
    // the gate is open, a module is still on its way: not yet
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.documentElement.hasAttribute('data-deferred-loaded')).toBe(false);
    resolve(() => null);
    await vi.waitFor(() => expect(doc.documentElement.hasAttribute('data-deferred-loaded')).toBe(true));
  });
});
