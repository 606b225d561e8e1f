import styled from 'styled-components';
import { useParams } from 'wouter';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useRefusedRead } from '../../kit/routing/refused-read.ts';
import { useViewerTimeZone } from '../../kit/session/time-zone.ts';
import { dayIn } from '../../kit/time/zone.ts';
import { Link } from '../../kit/ui/link.tsx';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { AppointmentFacts } from './appointment-facts.tsx';
import { dayParam } from './calendar-week.ts';
import { readAppointment, type Appointment } from './eqlaat-api.ts';
import { useEqlaatT } from './eqlaat-ui.tsx';
import { eqlaatCalendarHref } from './paths.ts';

const Title = styled.h1`
  overflow-wrap: anywhere;
`;

const Section = styled.section`
  margin-top: 2rem;
  h2 {
    margin: 0 0 0.5rem;
  }
`;

const Links = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  li + li {
    margin-top: 0.5rem;
  }
  li {
    overflow-wrap: anywhere;
  }
`;

/**
 * /services/eqlaat/appointments/{appointment} (seed 000 §2.2, the calendar feature's): one appointment of the
 * eqlaat team, in the site's layout, for the link a notification or a shared calendar entry gives. The record is
 * read under its own show rule: a refusal is the unauthorized screen, an unknown or erased one the not-found
 * screen (seed 001 §8); the route has sent a visitor to sign in first.
 */
export function EqlaatAppointmentScreen() {
  const { appointment: id = '' } = useParams<{ appointment: string }>();
  const t = useEqlaatT();
  const api = useApi();
  const { state, retry } = useLoaded((signal) => readAppointment(api, id, signal), [api, id]);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null);
  const failed = state.status === 'failed' && !refused;
  const appointment = state.status === 'ready' ? state.value : null;
  usePageTitle(appointment?.title ?? (failed ? t('eqlaat.appointment.fallbackTitle') : null));

  if (failed)
    return (
      <PageContainer>
        <h1>{t('eqlaat.appointment.fallbackTitle')}</h1>
        <LoadFailed
          message={t('eqlaat.appointmentPage.loadFailed')}
          retryLabel={t('eqlaat.appointmentPage.retry')}
          onRetry={retry}
        />
      </PageContainer>
    );
  if (!appointment) return <InlineLoader aria-label={t('eqlaat.appointment.loading')} />;
  return <AppointmentPage appointment={appointment} />;
}

function AppointmentPage({ appointment }: { appointment: Appointment }) {
  const t = useEqlaatT();
  const zone = useViewerTimeZone();
  // the calendar opens on the week from the appointment's day (the viewer's day, in their zone, as the calendar
  // counts them)
  const calendar = eqlaatCalendarHref(dayParam(dayIn(appointment.startAt, zone)), appointment.id);
  return (
    <PageContainer>
      <Title>{appointment.title}</Title>
      <Section aria-labelledby="eqlaat-appointment-details">
        <h2 id="eqlaat-appointment-details">{t('eqlaat.appointmentPage.details')}</h2>
        <AppointmentFacts appointment={appointment} />
      </Section>
      <Section aria-labelledby="eqlaat-appointment-back-office">
        <h2 id="eqlaat-appointment-back-office">{t('eqlaat.appointmentPage.backOffice')}</h2>
        <Links>
          <li>
            <Link href={calendar}>{t('eqlaat.appointmentPage.openInCalendar')}</Link>
          </li>
          <li>
            <Link href={resourcePaths.show('eqlaat-appointments', appointment.id)}>
              {t('eqlaat.appointment.openRecord')}
            </Link>
          </li>
        </Links>
      </Section>
    </PageContainer>
  );
}
