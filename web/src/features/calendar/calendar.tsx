import type { CalendarDate } from '@internationalized/date';
import { calendarEventResource } from '@platform/contracts/publications/records';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden, useRefusedRead } from '../../kit/routing/refused-read.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import { useViewerTimeZone } from '../../kit/session/time-zone.ts';
import { dayIn, mondayOfDay, startOfDay } from '../../kit/time/zone.ts';
import { AuthorLink, RecordEngagement, TagChips, useQueryState } from '../community/index.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import type en from './messages/en.json';
import {
  firstDayOf,
  monthOf,
  monthRange,
  readCalendarEvent,
  readMonthEvents,
  type CalendarEvent,
} from './calendar-api.ts';

export type CalendarMessages = typeof en;
const useCalendarT = () => useT<CalendarMessages>();

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    padding: 0.25rem;
    overflow-wrap: anywhere;
  }
  /* today, which screen readers say through aria-current="date": a ring inside the cell, its number bold */
  td[aria-current='date'] {
    box-shadow: inset 0 0 0 3px ${({ theme }) => theme.colors.primary};
    > span:first-child {
      font-weight: 700;
    }
  }
  td ul {
    list-style: none;
    margin: 0;
    padding: 0;
    font-size: 0.875rem;
  }
  @media ${({ theme }) => theme.media.mobile} {
    th,
    td {
      padding: 0.125rem;
      font-size: 0.75rem;
    }
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: baseline;
  justify-content: space-between;
  margin-bottom: 1rem;
  h2,
  h3 {
    margin: 0;
  }
  nav {
    min-width: 0;
    max-width: 100%;
  }
  ul {
    display: flex;
    /* the month links wrap onto lines of their own with large text on a narrow screen */
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Detail = styled.article`
  overflow-wrap: anywhere;
  > img {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: 0.5rem;
  }
`;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The calendar component (seed 000 §2.8): the published events of a month, as a month grid or a list, the state
 * in the URL (`?month=YYYY-MM&view=month|list&tag`); an event's page at {path}/{id} (R9).
 */
export function CalendarContent({
  basePath,
  eventId,
  view = 'month',
  tag = null,
  headingLevel = 2,
}: {
  basePath: string;
  eventId?: string | null;
  view?: 'month' | 'list';
  tag?: string | null;
  headingLevel?: 2 | 3;
}) {
  return eventId ? (
    <EventPage basePath={basePath} eventId={eventId} />
  ) : (
    <CalendarMonth basePath={basePath} presetView={view} presetTag={tag} headingLevel={headingLevel} />
  );
}

function When({ event }: { event: CalendarEvent }) {
  const intl = useIntl();
  return (
    <>
      {intl.formatDateTimeRange(new Date(event.startAt), new Date(event.endAt), {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}
    </>
  );
}

function CalendarMonth({
  basePath,
  presetView,
  presetTag,
  headingLevel,
}: {
  basePath: string;
  presetView: 'month' | 'list';
  presetTag: string | null;
  headingLevel: 2 | 3;
}) {
  const t = useCalendarT();
  const intl = useIntl();
  const api = useApi();
  const { params, hrefWith } = useQueryState();
  const asked = params.get('month') ?? '';
  // the viewer's days: a member's zone, a visitor's browser's (the labels are formatted in the same one)
  const zone = useViewerTimeZone();
  const month = MONTH_PATTERN.test(asked) ? asked : monthOf(new Date(), zone);
  const view =
    params.get('view') === 'list' || params.get('view') === 'month'
      ? (params.get('view') as 'month' | 'list')
      : presetView;
  const tag = params.get('tag') ?? presetTag;
  const { state, retry } = useLoaded(
    (signal) => readMonthEvents(api, month, tag, zone, signal),
    [api, month, tag, zone],
    {
      keep: true,
    },
  );
  const { from } = monthRange(month, zone);
  const first = firstDayOf(month);
  const previous = monthOf(first.subtract({ months: 1 }), zone);
  const next = monthOf(first.add({ months: 1 }), zone);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const eventHref = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
  const title = intl.formatDate(from, { month: 'long', year: 'numeric' });

  let body: React.ReactNode;
  if (state.status === 'loading') body = <InlineLoader aria-label={t('calendar.reader.loading')} />;
  else if (state.status === 'failed')
    body = (
      <div>
        <p>{t('calendar.reader.failed')}</p>
        <Button onPress={retry}>{t('calendar.reader.retry')}</Button>
      </div>
    );
  else if (view === 'list')
    body =
      state.value.length === 0 ? (
        <p>{t('calendar.reader.empty')}</p>
      ) : (
        <ul aria-label={t('calendar.reader.events', { month: title })}>
          {state.value.map((event) => (
            <li key={event.id}>
              <Link href={eventHref(event.id)}>{event.title}</Link> <When event={event} />
              {event.location ? ` · ${event.online ? t('calendar.reader.online') : event.location}` : null}
            </li>
          ))}
        </ul>
      );
  else {
    // Monday-first weeks covering the month, its days in the viewer's zone
    const after = first.add({ months: 1 });
    const weeks: CalendarDate[][] = [];
    for (
      let day = mondayOfDay(first);
      day.compare(after) < 0 || weeks.at(-1)?.length !== 7;
      day = day.add({ days: 1 })
    ) {
      if (!weeks.length || weeks.at(-1)!.length === 7) weeks.push([]);
      weeks.at(-1)!.push(day);
    }
    const events = state.value;
    const on = (day: CalendarDate) => {
      const start = startOfDay(day, zone).getTime();
      const end = startOfDay(day.add({ days: 1 }), zone).getTime();
      return events.filter((e) => Date.parse(e.startAt) < end && Date.parse(e.endAt) >= start);
    };
    const today = dayIn(new Date(), zone);
    body = (
      <Grid>
        <VisuallyHidden as="caption">{t('calendar.reader.events', { month: title })}</VisuallyHidden>
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day.toString()} scope="col">
                <abbr title={intl.formatDate(startOfDay(day, zone), { weekday: 'long' })}>
                  {intl.formatDate(startOfDay(day, zone), { weekday: 'short' })}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toString()}>
              {week.map((day) => {
                const inMonth = day.month === first.month;
                const here = inMonth ? on(day) : [];
                return (
                  <td key={day.toString()} aria-current={day.compare(today) === 0 ? 'date' : undefined}>
                    {inMonth ? (
                      <>
                        <span aria-label={intl.formatDate(startOfDay(day, zone), { dateStyle: 'full' })}>
                          {day.day}
                        </span>
                        {here.length ? (
                          <ul>
                            {here.map((e) => (
                              <li key={e.id}>
                                <Link href={eventHref(e.id)}>{e.title}</Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Grid>
    );
  }
  return (
    <>
      <Bar>
        <Heading>{title}</Heading>
        <nav aria-label={t('calendar.reader.months')}>
          <ul>
            <li>
              <Link href={hrefWith({ month: previous })}>{t('calendar.reader.previous')}</Link>
            </li>
            <li>
              <Link href={hrefWith({ month: next })}>{t('calendar.reader.next')}</Link>
            </li>
            <li>
              {view === 'month' ? (
                <Link href={hrefWith({ month, view: 'list' })}>{t('calendar.reader.asList')}</Link>
              ) : (
                <Link href={hrefWith({ month, view: 'month' })}>{t('calendar.reader.asMonth')}</Link>
              )}
            </li>
          </ul>
        </nav>
      </Bar>
      {body}
    </>
  );
}

function EventPage({ basePath, eventId }: { basePath: string; eventId: string }) {
  const t = useCalendarT();
  const api = useApi();
  const { state, retry } = useLoaded(
    // an event above the reader's level, or not yet published, exists: the unauthorized screen, never its title
    (signal) =>
      hiddenAsForbidden(api, 'calendar-events', eventId, readCalendarEvent(api, eventId, signal), signal),
    [api, eventId],
  );
  const event = state.status === 'ready' ? state.value : null;
  usePageTitle(event?.title ?? null, null);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null, 'forbidden');
  const back = (
    <p>
      <Link href={basePath || '/'}>{t('calendar.reader.back')}</Link>
    </p>
  );
  if (state.status === 'loading' || refused)
    return <InlineLoader aria-label={t('calendar.reader.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? t('calendar.reader.notFound') : t('calendar.reader.failed')}</h1>
        {missing ? null : <Button onPress={retry}>{t('calendar.reader.retry')}</Button>}
        {back}
      </div>
    );
  }
  const shown = state.value;
  return (
    <Detail>
      {back}
      <h1>{shown.title}</h1>
      <p>
        <When event={shown} />
      </p>
      {shown.location ? (
        shown.online ? (
          <p>
            <Link href={shown.location} external>
              {t('calendar.reader.joinOnline')}
            </Link>
          </p>
        ) : (
          <p>{t('calendar.reader.location', { location: shown.location })}</p>
        )
      ) : null}
      {shown.organiser ? <p>{t('calendar.reader.organiser', { name: shown.organiser })}</p> : null}
      {shown.author ? (
        <p>
          {t('calendar.reader.byLabel')} <AuthorLink author={shown.author} />
        </p>
      ) : null}
      <TagChips tags={shown.tags} label={t('calendar.reader.tags')} />
      {shown.image?.src ? (
        <img
          src={shown.image.src}
          alt={shown.image.description ?? ''}
          width={shown.image.width ?? undefined}
          height={shown.image.height ?? undefined}
        />
      ) : null}
      <RichText html={shown.description} ugc />
      {shown.externalUrl ? (
        <p>
          <Link href={shown.externalUrl} external>
            {t('calendar.reader.externalLink')}
          </Link>
        </p>
      ) : null}
      <RecordEngagement
        definition={calendarEventResource}
        id={shown.id}
        title={shown.title}
        engagement={shown.engagement}
      />
    </Detail>
  );
}
