import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t.ts';
import { toastMachine, type ToastEvent } from '../machines/toast.machine.ts';
import { ToastView } from '../ui/toast.tsx';

/**
 * The toast machine and its live region (toast-context.tsx), in a chunk of their own that loads after the page
 * has painted or with the first toast. `connect` hands the provider the machine's send; toasts asked for before
 * are sent once the region is in the page, so that screen readers hear them.
 */
export function ToastHost({ connect }: { connect: (send: ((event: ToastEvent) => void) | null) => void }) {
  const t = useT();
  const actor = useActorRef(toastMachine);
  const current = useSelector(actor, (s) => s.context.current);
  useEffect(() => {
    const timer = setTimeout(() => connect((event) => actor.send(event)), 0);
    return () => {
      clearTimeout(timer);
      connect(null);
    };
  }, [actor, connect]);
  return (
    <ToastView
      toast={current}
      regionLabel={t('toast.region')}
      closeLabel={t('toast.close')}
      onClose={() => actor.send({ type: 'toast.dismiss' })}
    />
  );
}
