import { useAtom } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { useNavigation } from '../../kit/routing/router.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { globalDialogAtom } from '../../kit/state/app-status.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../kit/ui/confirm-dialog.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';

const reload = () => window.location.reload();

/**
 * The dialogs the error table asks for (ARCHITECTURE.md §7, seed 000 §2.9): network error (reload, close),
 * expired session (sign in again), unexpected error (with the server's correlation id to quote), and the
 * prevent-leave question.
 */
export function GlobalDialogs() {
  const t = useT();
  const [dialog, setDialog] = useAtom(globalDialogAtom);
  const { pending, confirmLeave, cancelLeave } = useNavigation();
  const close = () => setDialog(null);
  const [path] = useLocation();
  const search = useSearch();
  const here = path + (search ? `?${search}` : '');

  return (
    <>
      <Dialog
        role="alertdialog"
        title={t('dialog.networkError.title')}
        isOpen={dialog?.kind === 'network-error'}
        onOpenChange={(open) => !open && close()}
        size="small"
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              {t('app.close')}
            </Button>
            <Button onPress={reload}>{t('dialog.reload')}</Button>
          </>
        }
      >
        <p>{t('dialog.networkError.description')}</p>
      </Dialog>

      <Dialog
        role="alertdialog"
        title={t('dialog.sessionExpired.title')}
        isOpen={dialog?.kind === 'session-expired'}
        persistent
        size="small"
        actions={
          <>
            <Button variant="secondary" onPress={reload}>
              {t('dialog.reload')}
            </Button>
            <ButtonLink href={`/auth/sign-in?redirectUrl=${encodeURIComponent(here)}`} onPress={close}>
              {t('dialog.sessionExpired.signIn')}
            </ButtonLink>
          </>
        }
      >
        <p>{t('dialog.sessionExpired.description')}</p>
      </Dialog>

      <Dialog
        role="alertdialog"
        title={t('dialog.unexpected.title')}
        isOpen={dialog?.kind === 'unexpected-error'}
        onOpenChange={(open) => !open && close()}
        size="normal"
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              {t('app.close')}
            </Button>
            <Button onPress={reload}>{t('dialog.reload')}</Button>
          </>
        }
      >
        <p>{t('dialog.unexpected.description')}</p>
        {dialog?.kind === 'unexpected-error' && dialog.reference ? (
          <p>{t('dialog.unexpected.reference', { reference: dialog.reference })}</p>
        ) : null}
      </Dialog>

      <ConfirmDialog
        title={t('dialog.preventLeave.title')}
        isOpen={pending !== null}
        cancelLabel={t('dialog.preventLeave.stay')}
        confirmLabel={t('dialog.preventLeave.leave')}
        onCancel={cancelLeave}
        onConfirm={confirmLeave}
      >
        <p>{t('dialog.preventLeave.description')}</p>
      </ConfirmDialog>
    </>
  );
}
