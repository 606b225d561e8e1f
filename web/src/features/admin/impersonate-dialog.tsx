import { useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { adminApi, type AdminUser } from './admin-api.ts';
import { Notice, useAdminErrorText, useAdminT } from '../../kit/admin/admin-ui.tsx';

/** The full reload that follows a started impersonation (an object, so tests can watch it). */
export const appReload = { toRoot: () => window.location.assign('/') };

/**
 * Confirms an impersonation, then starts it: the server moves the session to the chosen user, and the whole app
 * reloads from the root so that every screen, menu and cache is the impersonated user's.
 */
export function ImpersonateDialog({ target, onClose }: { target: AdminUser; onClose: () => void }) {
  const t = useAdminT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await adminApi.impersonate(api, target.id);
      appReload.toRoot();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('admin.users.impersonateTitle', { name: target.fullName })}
      actions={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('admin.cancel')}
          </Button>
          <Button onPress={() => void start()} isDisabled={busy}>
            {t('admin.users.impersonateConfirm')}
          </Button>
        </>
      }
    >
      {error ? (
        <div role="alert">
          <Notice $tone="error">{error}</Notice>
        </div>
      ) : null}
      <p>{t('admin.users.impersonateExplanation', { name: target.fullName })}</p>
    </Dialog>
  );
}
