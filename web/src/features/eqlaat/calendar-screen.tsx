import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { BackToDashboard, LoadError, useAdminErrorText, WidePage } from '../../kit/admin/admin-ui.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useListQuery } from '../../kit/admin/use-list-query.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Link } from '../../kit/ui/link.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { fluidSize, fluidSpace } from '../../kit/theme/theme.ts';
import { useViewerTimeZone } from '../../kit/session/time-zone.ts';
import { dayIn, startOfDay } from '../../kit/time/zone.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';
import {
  appointmentsOn,
  askedWeek,
  dayParam,
  managedBy,
  managersOf,
  sameDay,
  type Week,
} from './calendar-week.ts';
import { readWeekAppointments, type Appointment } from './eqlaat-api.ts';
import { EqlaatTeamOnly, useEqlaatT } from './eqlaat-ui.tsx';

/** The manager filter's choice of every appointment. */
const ALL = 'all';

/**
 * The calendar's state is its address (seed 000 §2.4): `n` the week's first day, `u` a manager, `a` the
 * appointment whose details are open. A week is a link (a history entry each, so Back returns to the week
 * before); the manager and the closing of the details replace the entry.
 */
function useCalendarAddress() {
  const { params, hrefWith, update } = useListQuery();
  return {
    n: params.get('n'),
    managerId: params.get('u') || null,
    appointmentId: params.get('a') || null,
    hrefWith,
    replace: update,
  };
}

const Intro = styled.p`
  max-width: 48rem;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.5rem 2rem;
  margin: 1rem 0;
  h2 {
    margin: 0;
  }
  > * {
    min-width: 0;
    max-width: 100%;
  }
`;

const WeekLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
`;

const ManagerFilter = styled.div`
  width: min(20rem, 100%);
`;

const Days = styled.ol`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A day: its name beside its appointments where there is room, above them otherwise. */
const Day = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.25rem 1.5rem;
  /* narrow and with the largest text, a weekday's name keeps its line whole */
  padding: 0.75rem ${fluidSpace(0.5)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: ${fluidSize(1.125)};
  }
  /* today, which screen readers hear through aria-current="date" and everyone reads in its heading */
  &[aria-current='date'] {
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: inset 4px 0 0 ${({ theme }) => theme.colors.primary};
  }
  @media ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(10rem, 16rem) minmax(0, 1fr);
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Appointments = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  li {
    overflow-wrap: anywhere;
  }
  /* one link, its time then its title, underlined as one */
  .time {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .location {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The calendar for the eqlaat team alone: anyone else gets the unauthorized screen. */
export function EqlaatCalendarRoute() {
  return (
    <EqlaatTeamOnly>
      <EqlaatCalendarScreen />
    </EqlaatTeamOnly>
  );
}

/**
 * /admin/resources/eqlaat-calendar (seed 000 §2.4, seed 001 §2 and §6): the team's appointments of a week, day
 * by day in time order, a week before or after, one manager's only, and an appointment's details; everything in
 * the address, so that a reload or a shared link shows the same.
 */
export function EqlaatCalendarScreen() {
  const t = useEqlaatT();
  const intl = useIntl();
  const api = useApi();
  const errorText = useAdminErrorText();
  const { n, managerId, appointmentId, hrefWith, replace } = useCalendarAddress();
  // the viewer's days (their profile's zone, the one intl formats in), whatever the browser's zone
  const zone = useViewerTimeZone();
  const now = new Date();
  const week = askedWeek(n, now, zone);
  const first = week.days[0]!;
  const { state, retry } = useLoaded(
    (signal) => readWeekAppointments(api, week, signal),
    [api, dayParam(first), zone],
  );
  const range = intl.formatDateTimeRange(week.start, startOfDay(week.days[6]!, zone), { dateStyle: 'long' });
  usePageTitle(t('eqlaat.calendar.pageTitle', { range }));

  const all = state.status === 'ready' ? state.value : [];
  const managers = managersOf(all).map((m) => ({ id: m.id, label: m.name || t('eqlaat.calendar.unnamed') }));
  const chosen = managerId ? managers.find((m) => m.id === managerId) : undefined;
  const managerName = chosen?.label ?? t('eqlaat.calendar.absentManager');
  const options = [
    { id: ALL, label: t('eqlaat.calendar.allManagers') },
    ...managers,
    ...(managerId && !chosen ? [{ id: managerId, label: managerName }] : []),
  ];
  const shown = managedBy(all, managerId);

  return (
    <WidePage>
      <BackToDashboard />
      <h1>{t('eqlaat.calendar.title')}</h1>
      <Intro>{t('eqlaat.calendar.intro')}</Intro>
      <Toolbar>
        <div>
          <h2>{t('eqlaat.calendar.week', { range })}</h2>
          <nav aria-label={t('eqlaat.calendar.weeks')}>
            <WeekLinks>
              <li>
                <Link href={hrefWith({ n: dayParam(first.subtract({ days: 7 })), a: null })}>
                  {t('eqlaat.calendar.previousWeek')}
                </Link>
              </li>
              <li>
                <Link href={hrefWith({ n: null, a: null })}>{t('eqlaat.calendar.thisWeek')}</Link>
              </li>
              <li>
                <Link href={hrefWith({ n: dayParam(first.add({ days: 7 })), a: null })}>
                  {t('eqlaat.calendar.nextWeek')}
                </Link>
              </li>
            </WeekLinks>
          </nav>
        </div>
        <ManagerFilter>
          <Select
            label={t('eqlaat.calendar.manager')}
            options={options}
            selectedKey={managerId ?? ALL}
            onSelectionChange={(key) => replace({ u: key === ALL || key === null ? null : String(key) })}
          />
        </ManagerFilter>
      </Toolbar>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : state.status === 'loading' ? (
        <InlineLoader aria-label={t('eqlaat.calendar.loading')} />
      ) : (
        <WeekDays
          week={week}
          now={now}
          appointments={shown}
          managerName={managerId ? managerName : null}
          hrefOf={(id) => hrefWith({ a: id })}
        />
      )}
      {appointmentId ? (
        <AppointmentDialog
          key={appointmentId}
          id={appointmentId}
          known={all.find((a) => a.id === appointmentId) ?? null}
          onClose={() => replace({ a: null })}
        />
      ) : null}
    </WidePage>
  );
}

function WeekDays({
  week,
  now,
  appointments,
  managerName,
  hrefOf,
}: {
  week: Week;
  now: Date;
  appointments: Appointment[];
  managerName: string | null;
  hrefOf: (id: string) => string;
}) {
  const t = useEqlaatT();
  const intl = useIntl();
  const count = appointments.length;
  const today = dayIn(now, week.zone);
  // said when the week or the manager changes (a status region), and read on arrival
  const summary =
    count === 0
      ? managerName
        ? t('eqlaat.calendar.emptyFor', { manager: managerName })
        : t('eqlaat.calendar.empty')
      : managerName
        ? t('eqlaat.calendar.countFor', { count, manager: managerName })
        : t('eqlaat.calendar.count', { count });
  return (
    <>
      <p role="status">{summary}</p>
      {count === 0 ? null : (
        <Days aria-label={t('eqlaat.calendar.days')}>
          {week.days.map((day) => {
            const isToday = sameDay(day, today);
            // the day's start in the zone intl formats in, so that the name is the day's own
            const name = intl.formatDate(startOfDay(day, week.zone), {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
            });
            const on = appointmentsOn(day, week.zone, appointments);
            return (
              <Day key={dayParam(day)} aria-current={isToday ? 'date' : undefined}>
                <h3>{isToday ? t('eqlaat.calendar.today', { day: name }) : name}</h3>
                {on.length === 0 ? (
                  <p>{t('eqlaat.calendar.noAppointment')}</p>
                ) : (
                  <Appointments>
                    {on.map((appointment) => (
                      <li key={appointment.id}>
                        <Link href={hrefOf(appointment.id)}>
                          <span className="time">
                            {intl.formatDateTimeRange(
                              new Date(appointment.startAt),
                              new Date(appointment.endAt),
                              { timeStyle: 'short' },
                            )}
                          </span>{' '}
                          {appointment.title}
                        </Link>
                        {appointment.location ? (
                          <span className="location">{appointment.location}</span>
                        ) : null}
                      </li>
                    ))}
                  </Appointments>
                )}
              </Day>
            );
          })}
        </Days>
      )}
    </>
  );
}
