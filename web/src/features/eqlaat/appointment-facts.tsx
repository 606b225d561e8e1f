import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { Link } from '../../kit/ui/link.tsx';
import type { Appointment, Related } from './eqlaat-api.ts';
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
 * What the team knows of an appointment, as the calendar's details and the appointment's own page show it: when
 * (in the reader's language and time zone), where, whether the beneficiary is invited, its project and report
 * (each a link to its screen in the back office) and its managers.
 */
export function AppointmentFacts({ appointment }: { appointment: Appointment }) {
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
