import { useAtomValue } from 'jotai';
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState } from 'react';
import { useDeferredGate } from '../lazy/deferred.tsx';
import type { ToastEvent, ToastTone } from '../machines/toast.machine.ts';
import { accessibilityAtom } from '../state/settings.ts';

type ShowToast = (message: string, tone?: ToastTone) => void;
const ToastContext = createContext<ShowToast | null>(null);

// the machine and the view load after the page has painted, or with the first toast (issue 10)
const ToastHost = lazy(() => import('./toast-host.tsx').then((m) => ({ default: m.ToastHost })));

/** One toast at a time (toast.machine.ts); how long it stays is the reader's accessibility choice. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const { toastTimeout } = useAtomValue(accessibilityAtom);
  const gate = useDeferredGate();
  const [wanted, setWanted] = useState(false);
  const sequence = useRef(0);
  const send = useRef<((event: ToastEvent) => void) | null>(null);
  const waiting = useRef<ToastEvent[]>([]);

  const connect = useCallback((next: ((event: ToastEvent) => void) | null) => {
    send.current = next;
    if (!next) return;
    for (const event of waiting.current.splice(0)) next(event);
  }, []);

  const show = useCallback<ShowToast>(
    (message, tone = 'info') => {
      const event: ToastEvent = {
        type: 'toast.show',
        toast: { id: ++sequence.current, message, tone, timeout: toastTimeout },
      };
      if (send.current) send.current(event);
      else {
        waiting.current.push(event);
        setWanted(true);
      }
    },
    [toastTimeout],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      {gate || wanted ? (
        <Suspense fallback={null}>
          <ToastHost connect={connect} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
