import { useActorRef, useSelector } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { createContext, useCallback, useContext, useRef } from 'react';
import { useT } from '../i18n/use-t.ts';
import { toastMachine, type ToastTone } from '../machines/toast.machine.ts';
import { accessibilityAtom } from '../state/settings.ts';
import { ToastView } from '../ui/toast.tsx';

type ShowToast = (message: string, tone?: ToastTone) => void;
const ToastContext = createContext<ShowToast | null>(null);

/** One toast at a time (toast.machine.ts); how long it stays is the reader's accessibility choice. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const t = useT();
  const actor = useActorRef(toastMachine);
  const current = useSelector(actor, (s) => s.context.current);
  const { toastTimeout } = useAtomValue(accessibilityAtom);
  const sequence = useRef(0);
  const show = useCallback<ShowToast>(
    (message, tone = 'info') =>
      actor.send({
        type: 'toast.show',
        toast: { id: ++sequence.current, message, tone, timeout: toastTimeout },
      }),
    [actor, toastTimeout],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastView
        toast={current}
        regionLabel={t('toast.region')}
        closeLabel={t('toast.close')}
        onClose={() => actor.send({ type: 'toast.dismiss' })}
      />
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
