import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { LoadError, useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { readAppointment, type Appointment, type Related } from './eqlaat-api.ts';
import { useEqlaatT } from './eqlaat-ui.tsx';

/** One fact under the other, its name above its value: long names and values wrap in any width. */
const Facts = styled.dl`
  margin: 0;
  dt {
    font-weight: 600;
    margin-top: 0.75rem;
  }
  dd {
    margin: 0.125rem 0 0;
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

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

function AppointmentFacts({ appointment }: { appointment: Appointment }) {
  const t = useEqlaatT();
  const intl = useIntl();
  // a record the document did not name (deleted, or beyond the reader's rights) is said so, without a link
  const related = (type: string, record: Related | null) =>
    !record ? (
      t('eqlaat.appointment.none')
    ) : record.title === null ? (
      t('eqlaat.appointment.hidden')
    ) : (
      <Link href={resourcePaths.show(type, record.id)}>{record.title}</Link>
    );
  return (
    <Facts>
      <dt>{t('eqlaat.appointment.when')}</dt>
      <dd>
        {intl.formatDateTimeRange(new Date(appointment.startAt), new Date(appointment.endAt), {
          dateStyle: 'full',
          timeStyle: 'short',
        })}
      </dd>
      <dt>{t('eqlaat.appointment.location')}</dt>
      <dd>{appointment.location ?? t('eqlaat.appointment.noLocation')}</dd>
      <dt>{t('eqlaat.appointment.beneficiaryInvited')}</dt>
      <dd>{appointment.beneficiaryInvited ? t('eqlaat.appointment.yes') : t('eqlaat.appointment.no')}</dd>
      <dt>{t('eqlaat.appointment.project')}</dt>
      <dd>{related('eqlaat-projects', appointment.project)}</dd>
      <dt>{t('eqlaat.appointment.report')}</dt>
      <dd>{related('eqlaat-reports', appointment.report)}</dd>
      <dt>{t('eqlaat.appointment.managers')}</dt>
      <dd>
        {appointment.managers.length === 0 ? (
          t('eqlaat.appointment.none')
        ) : (
          <ul>
            {appointment.managers.map((manager) => (
              <li key={manager.id}>{manager.name || t('eqlaat.calendar.unnamed')}</li>
            ))}
          </ul>
        )}
      </dd>
    </Facts>
  );
}
