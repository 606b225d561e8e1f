import { LoadError, useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { AppointmentFacts } from './appointment-facts.tsx';
import { readAppointment, type Appointment } from './eqlaat-api.ts';
import { useEqlaatT } from './eqlaat-ui.tsx';

/**
 * An appointment's details over the calendar (the `a` of its address): when, where, whether the beneficiary was
 * invited, its project and report (each a link to its screen in the back office) and its managers. Escape, the
 * Close button or a click outside close it, and the focus goes back to where it was.
 */
export function AppointmentDialog({
  id,
  known,
  onClose,
}: {
  id: string;
  /** the appointment as the week's list read it, shown at once (its title) while the details load */
  known: Appointment | null;
  onClose: () => void;
}) {
  const t = useEqlaatT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const { state, retry } = useLoaded((signal) => readAppointment(api, id, signal), [api, id]);
  const appointment = state.status === 'ready' ? state.value : null;
  const title = appointment?.title ?? known?.title ?? t('eqlaat.appointment.fallbackTitle');
  return (
    <Dialog
      title={title}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      actions={
        <>
          <ButtonLink variant="secondary" href={resourcePaths.show('eqlaat-appointments', id)}>
            {t('eqlaat.appointment.openRecord')}
          </ButtonLink>
          <Button onPress={onClose}>{t('eqlaat.appointment.close')}</Button>
        </>
      }
    >
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : appointment ? (
        <AppointmentFacts appointment={appointment} />
      ) : (
        <p aria-busy="true">{t('eqlaat.appointment.loading')}</p>
      )}
    </Dialog>
  );
}
