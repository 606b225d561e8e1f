import { allows } from '@platform/contracts/resources/access';
import {
  STATS_PERIOD_MAX_DAYS,
  STATS_READERS,
  type StatsCounts,
  type StatsQueryIssue,
} from '@platform/contracts/stats/counts';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { useStatsPeriod } from '../../kit/admin/stats-period.ts';
import {
  DataTable,
  LoadError,
  ScreenHeader,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { DatePicker } from '../../kit/ui/date-picker.tsx';
import { Select } from '../../kit/ui/select.tsx';
import type en from './messages/en.json';
import { RankChart, SeriesChart } from './stats-charts.tsx';
import {
  dailySeries,
  downloadText,
  eventsOf,
  exportName,
  readStatsCounts,
  statsCsv,
  statsJson,
} from './stats-data.ts';
import { StatsControls, StatsSections } from './stats-layout.ts';

const ALL_TYPES = '*';

const Exports = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0 1.5rem;
`;

/** What the screen reads its words with: the shell's, the back office's, its own. */
const useStatsT = () => useT<typeof en>();

/**
 * admin.stats (seed 001 §2, issue 22): the statistics records of a period, as charts (views and downloads over
 * time, the top resources, the origins) each with a table of the same figures, filtered by period and resource
 * type (kept in the URL), exported as CSV or JSON. For the statistics' readers (STATS_READERS, ADR 0040).
 */
export function StatsScreen() {
  const user = useSignedInUser();
  const t = useStatsT();
  const { navigate } = useNavigation();
  const allowed = allows(STATS_READERS, viewerFacts(user));
  useEffect(() => {
    if (!allowed) navigate(ADMIN_ROUTES.unauthorized, { replace: true });
  }, [allowed, navigate]);
  return allowed ? <StatsReader /> : <InlineLoader aria-label={t('app.loading')} />;
}

function StatsReader() {
  const t = useStatsT();
  const intl = useIntl();
  const lookup = useMessageLookup();
  const api = useApi();
  const errorText = useAdminErrorText();
  const { from, to, draft, issues, shownIssues, change, params, update } = useStatsPeriod();
  usePageTitle(t('stats.title'));
  const resourceType = params.get('resourceType') || null;

  const { state, retry } = useLoaded(
    (signal) =>
      shownIssues.length ? Promise.resolve(null) : readStatsCounts(api, { from, to, resourceType }, signal),
    [api, from, to, resourceType],
    { keep: true },
  );

  const issueText = (parameter: StatsQueryIssue['parameter']) => {
    const issue = issues.find((i) => i.parameter === parameter);
    if (!issue) return undefined;
    if (issue.reason === 'length') return t('stats.error.tooLong', { days: STATS_PERIOD_MAX_DAYS });
    if (issue.reason === 'order') return t('stats.error.endBeforeStart');
    return t('stats.error.date');
  };
  const typeName = (type: string) => lookup(`admin.menu.${type}`) ?? type;
  const counts = state.status === 'ready' ? state.value : null;
  // the figures kept on screen while another period or type loads (useLoaded's keep) are not the fields' choice
  const stale =
    counts !== null && (counts.from !== from || counts.to !== to || counts.resourceType !== resourceType);
  const typeOptions = [
    { id: ALL_TYPES, label: t('stats.allTypes') },
    ...[...new Set([...(counts?.resourceTypes ?? []), ...(resourceType ? [resourceType] : [])])]
      .sort()
      .map((type) => ({ id: type, label: typeName(type) })),
  ];

  return (
    <WidePage>
      <ScreenHeader>
        <h1>{t('stats.title')}</h1>
      </ScreenHeader>
      <p>{t('stats.intro')}</p>
      {counts?.events ? <p>{t('stats.limited')}</p> : null}
      <StatsControls role="group" aria-label={t('stats.filters')}>
        <DatePicker
          label={t('stats.from')}
          value={draft.from}
          onChange={(value) => change('from', value)}
          errorMessage={issueText('from')}
          calendarLabel={t('stats.calendar', { field: t('stats.from') })}
          previousLabel={t('stats.previousMonth')}
          nextLabel={t('stats.nextMonth')}
        />
        <DatePicker
          label={t('stats.to')}
          value={draft.to}
          onChange={(value) => change('to', value)}
          errorMessage={issueText('to')}
          calendarLabel={t('stats.calendar', { field: t('stats.to') })}
          previousLabel={t('stats.previousMonth')}
          nextLabel={t('stats.nextMonth')}
        />
        <div className="type">
          <Select
            label={t('stats.resourceType')}
            options={typeOptions}
            selectedKey={resourceType ?? ALL_TYPES}
            onSelectionChange={(key) =>
              update({ resourceType: key === ALL_TYPES || key === null ? null : String(key) })
            }
          />
        </div>
      </StatsControls>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : state.status === 'loading' && !counts ? (
        <InlineLoader aria-label={t('app.loading')} />
      ) : counts ? (
        <div aria-busy={stale}>
          <Exports role="group" aria-label={t('stats.export')}>
            {/* while another choice loads, the figures shown are the last one's: no export until they match */}
            <Button
              variant="secondary"
              isDisabled={stale}
              onPress={() => downloadText(statsCsv(counts), exportName(counts, 'csv'), 'text/csv')}
            >
              {t('stats.exportCsv')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={stale}
              onPress={() => downloadText(statsJson(counts), exportName(counts, 'json'), 'application/json')}
            >
              {t('stats.exportJson')}
            </Button>
          </Exports>
          <Figures
            counts={counts}
            typeName={typeName}
            formatDay={(day) =>
              intl.formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' })
            }
            formatDayLong={(day) =>
              intl.formatDate(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
            }
          />
        </div>
      ) : null}
    </WidePage>
  );
}

function Figures({
  counts,
  typeName,
  formatDay,
  formatDayLong,
}: {
  counts: StatsCounts;
  typeName: (type: string) => string;
  formatDay: (day: string) => string;
  formatDayLong: (day: string) => string;
}) {
  const t = useStatsT();
  const lookup = useMessageLookup();
  const eventName = (event: string) => lookup(`stats.event.${event}`) ?? event;
  const events = eventsOf(counts);
  const series = dailySeries(counts, events);
  const recordedDays = series.filter((row) => events.some((e) => Number(row[e]) > 0));
  const resourceName = (r: StatsCounts['resources'][number]) =>
    r.title ?? t('stats.untitled', { type: typeName(r.resourceType), id: r.resourceId });
  const originName = (origin: string) => (origin === 'direct' ? t('stats.origin.direct') : origin);

  if (counts.days.length === 0) return <p role="status">{t('stats.empty')}</p>;
  const overTime = t('stats.overTime.title');
  const top = t('stats.top.title');
  const origins = t('stats.origins.title');
  return (
    <StatsSections>
      <section className="wide" aria-labelledby="stats-over-time">
        <h2 id="stats-over-time">{overTime}</h2>
        <SeriesChart
          label={t('stats.chartLabel', { title: overTime })}
          rows={series}
          series={events.map((event) => ({ key: event, name: eventName(event) }))}
          formatDay={formatDay}
        />
        <TableScroll aria-label={t('stats.tableOf', { title: overTime })}>
          <DataTable>
            <caption>{t('stats.tableOf', { title: overTime })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.column.day')}</th>
                {events.map((event) => (
                  <th key={event} scope="col" className="number">
                    {eventName(event)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {recordedDays.map((row) => (
                <tr key={String(row.day)}>
                  <th scope="row">{formatDayLong(String(row.day))}</th>
                  {events.map((event) => (
                    <td key={event} className="number">
                      {row[event]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </section>
      <section aria-labelledby="stats-top">
        <h2 id="stats-top">{top}</h2>
        <RankChart
          label={t('stats.chartLabel', { title: top })}
          rows={counts.resources.map((r) => ({ name: resourceName(r), records: r.records }))}
          seriesName={t('stats.column.records')}
        />
        <TableScroll aria-label={t('stats.tableOf', { title: top })}>
          <DataTable>
            <caption>{t('stats.tableOf', { title: top })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.column.resource')}</th>
                <th scope="col">{t('stats.column.type')}</th>
                {events.map((event) => (
                  <th key={event} scope="col" className="number">
                    {eventName(event)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {counts.resources.map((r) => (
                <tr key={`${r.resourceType} ${r.resourceId}`}>
                  <th scope="row">{resourceName(r)}</th>
                  <td>{typeName(r.resourceType)}</td>
                  {events.map((event) => (
                    <td key={event} className="number">
                      {r.events[event] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </section>
      <section aria-labelledby="stats-origins">
        <h2 id="stats-origins">{origins}</h2>
        <RankChart
          label={t('stats.chartLabel', { title: origins })}
          rows={counts.origins.map((o) => ({ name: originName(o.origin), records: o.records }))}
          seriesName={t('stats.column.records')}
          colourIndex={1}
        />
        <TableScroll aria-label={t('stats.tableOf', { title: origins })}>
          <DataTable>
            <caption>{t('stats.tableOf', { title: origins })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.column.origin')}</th>
                <th scope="col" className="number">
                  {t('stats.column.records')}
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.origins.map((o) => (
                <tr key={o.origin}>
                  <th scope="row">{originName(o.origin)}</th>
                  <td className="number">{o.records}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </section>
    </StatsSections>
  );
}
