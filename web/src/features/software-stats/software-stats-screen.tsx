import { allows } from '@platform/contracts/resources/access';
import { SOFTWARE_STATS_TOP } from '@platform/contracts/software/endpoints';
import { SOFTWARE_STATS_READERS } from '@platform/contracts/software/records';
import { STATS_PERIOD_MAX_DAYS } from '@platform/contracts/stats/counts';
import { Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  DataTable,
  LoadError,
  ScreenHeader,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useStatsPeriod } from '../../kit/admin/stats-period.ts';
import { useRedirect, useUnauthorizedPath } from '../../kit/admin/route-redirect.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { fluidSize } from '../../kit/theme/theme.ts';
import { DatePicker } from '../../kit/ui/date-picker.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
// the usage statistics' charts, as they are (features/stats), loaded with recharts when first drawn
import { RankChart, SeriesChart, StatsControls, StatsSections } from '../stats/index.ts';
import type en from './messages/en.json';
import {
  dailyRows,
  eventOfMode,
  readSoftwareStatsCounts,
  reportedDays,
  type SoftwareStatsFigures,
  type SoftwareStatsMode,
} from './software-stats-data.ts';

/** The period's figures: the total and the installations, as a list of terms and values. */
const Totals = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2.5rem;
  margin: 1rem 0 1.5rem;
  div {
    display: flex;
    flex-direction: column;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${fluidSize(1.75, 1.25)};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** What the screens read their words with: the shell's and their own. */
const useSoftwareStatsT = () => useT<typeof en>();

/**
 * admin.resources.software.stats.events and admin.resources.software.stats.sessions (seed 000 §2.4, seed 001 §6):
 * what the software's installations reported over a period (kept in the URL): every event per day (a stacked
 * chart) or the sessions alone (`filter[event]=session`), the total, how many installations reported, and the
 * versions and systems they run. Each chart has a table of the same figures. For SOFTWARE_STATS_READERS; anyone
 * else is sent to the unauthorized screen.
 */
export function SoftwareStatsScreen({ mode }: { mode: SoftwareStatsMode }) {
  const user = useSignedInUser();
  const t = useSoftwareStatsT();
  const unauthorized = useUnauthorizedPath();
  const allowed = allows(SOFTWARE_STATS_READERS, viewerFacts(user));
  useRedirect(allowed ? null : unauthorized);
  // a screen of its own per mode: the other mode's figures are never shown while this one's load
  return allowed ? (
    <SoftwareStatsReader key={mode} mode={mode} />
  ) : (
    <InlineLoader aria-label={t('app.loading')} />
  );
}

export const SoftwareEventsScreen = () => <SoftwareStatsScreen mode="events" />;
export const SoftwareSessionsScreen = () => <SoftwareStatsScreen mode="sessions" />;

/** Where a chart is drawn once its code (recharts) has loaded: its table beside it reads at once. */
function ChartSlot({ children }: { children: ReactNode }) {
  const t = useSoftwareStatsT();
  return <Suspense fallback={<InlineLoader aria-label={t('app.loading')} />}>{children}</Suspense>;
}

/** What the API said of a parameter it refused (a 422 naming `from` or `to`): its detail, per parameter. */
function refusedParameters(error: unknown): Partial<Record<'from' | 'to', string>> {
  if (!(error instanceof ApiError) || error.kind !== 'validation') return {};
  const found: Partial<Record<'from' | 'to', string>> = {};
  for (const e of error.errors) {
    const parameter = e.source?.parameter;
    if ((parameter === 'from' || parameter === 'to') && !found[parameter])
      found[parameter] = e.detail ?? error.message;
  }
  return found;
}

function SoftwareStatsReader({ mode }: { mode: SoftwareStatsMode }) {
  const t = useSoftwareStatsT();
  const intl = useIntl();
  const api = useApi();
  const errorText = useAdminErrorText();
  const { from, to, draft, issues, shownIssues, change } = useStatsPeriod();
  const title = t(mode === 'events' ? 'softwareStats.events.title' : 'softwareStats.sessions.title');
  usePageTitle(title);
  const event = eventOfMode(mode);

  const { state, retry } = useLoaded(
    (signal) =>
      shownIssues.length ? Promise.resolve(null) : readSoftwareStatsCounts(api, { from, to, event }, signal),
    [api, from, to, event],
    { keep: true },
  );
  const refused = state.status === 'failed' ? refusedParameters(state.error) : {};

  const issueText = (parameter: 'from' | 'to') => {
    const issue = issues.find((i) => i.parameter === parameter);
    if (!issue) return refused[parameter];
    if (issue.reason === 'length') return t('softwareStats.error.tooLong', { days: STATS_PERIOD_MAX_DAYS });
    if (issue.reason === 'order') return t('softwareStats.error.endBeforeStart');
    return t('softwareStats.error.date');
  };
  const figures = state.status === 'ready' ? state.value : null;
  // the figures kept on screen while another period loads (useLoaded's keep) are not the fields' choice
  const stale = figures !== null && (figures.from !== from || figures.to !== to);

  return (
    <WidePage>
      <ScreenHeader>
        <h1>{title}</h1>
      </ScreenHeader>
      <p>{t(mode === 'events' ? 'softwareStats.events.intro' : 'softwareStats.sessions.intro')}</p>
      <StatsControls role="group" aria-label={t('softwareStats.period')}>
        {(['from', 'to'] as const).map((field) => (
          <DatePicker
            key={field}
            label={t(`softwareStats.${field}`)}
            value={draft[field]}
            onChange={(value) => change(field, value)}
            errorMessage={issueText(field)}
            calendarLabel={t('softwareStats.calendar', { field: t(`softwareStats.${field}`) })}
            previousLabel={t('softwareStats.previousMonth')}
            nextLabel={t('softwareStats.nextMonth')}
          />
        ))}
      </StatsControls>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : state.status === 'loading' && !figures ? (
        <InlineLoader aria-label={t('app.loading')} />
      ) : figures ? (
        <div aria-busy={stale}>
          <Figures
            figures={figures}
            mode={mode}
            formatNumber={(n) => intl.formatNumber(n)}
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
  figures,
  mode,
  formatNumber,
  formatDay,
  formatDayLong,
}: {
  figures: SoftwareStatsFigures;
  mode: SoftwareStatsMode;
  formatNumber: (n: number) => string;
  formatDay: (day: string) => string;
  formatDayLong: (day: string) => string;
}) {
  const t = useSoftwareStatsT();
  const { rows, series } = dailyRows(figures);
  const days = reportedDays(figures);
  const sessions = mode === 'sessions';
  const systemName = (system: string | null) => system ?? t('softwareStats.system.none');
  const perDay = t(sessions ? 'softwareStats.perDay.sessions' : 'softwareStats.perDay.events');
  const versions = t('softwareStats.versions.title');
  const systems = t('softwareStats.systems.title');
  const idOf = (name: string) => `software-stats-${mode}-${name}`;
  const countName = t(sessions ? 'softwareStats.column.sessions' : 'softwareStats.column.count');

  return (
    <>
      <VisuallyHidden as="h2">{t('softwareStats.figures')}</VisuallyHidden>
      <Totals>
        <div>
          <dt>{t(sessions ? 'softwareStats.total.sessions' : 'softwareStats.total.events')}</dt>
          <dd>{formatNumber(figures.total)}</dd>
        </div>
        <div>
          <dt>{t('softwareStats.installations')}</dt>
          <dd>{formatNumber(figures.installations)}</dd>
        </div>
      </Totals>
      {figures.total === 0 ? (
        <p role="status">{t(sessions ? 'softwareStats.empty.sessions' : 'softwareStats.empty.events')}</p>
      ) : (
        <StatsSections>
          <section className="wide" aria-labelledby={idOf('per-day')}>
            <h2 id={idOf('per-day')}>{perDay}</h2>
            <ChartSlot>
              <SeriesChart
                label={t('softwareStats.chartLabel', { title: perDay })}
                rows={rows}
                // the sessions' one line is named as the table's column
                series={series.map((s) => ({ key: s.key, name: sessions ? countName : s.event }))}
                formatDay={formatDay}
                stacked={!sessions}
              />
            </ChartSlot>
            <TableScroll aria-label={t('softwareStats.tableOf', { title: perDay })}>
              <DataTable>
                <caption>{t('softwareStats.tableOf', { title: perDay })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('softwareStats.column.day')}</th>
                    {sessions ? (
                      <th scope="col" className="number">
                        {t('softwareStats.column.sessions')}
                      </th>
                    ) : (
                      <>
                        {series.map((s) => (
                          <th key={s.key} scope="col" className="number">
                            {s.event}
                          </th>
                        ))}
                        <th scope="col" className="number">
                          {t('softwareStats.column.total')}
                        </th>
                      </>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {days.map((row) => (
                    <tr key={row.day}>
                      <th scope="row">{formatDayLong(row.day)}</th>
                      {sessions ? null : (
                        <>
                          {row.counts.map((n, i) => (
                            <td key={series[i]!.key} className="number">
                              {formatNumber(n)}
                            </td>
                          ))}
                        </>
                      )}
                      <td className="number">{formatNumber(row.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </section>
          <section aria-labelledby={idOf('versions')}>
            <h2 id={idOf('versions')}>{versions}</h2>
            <p>{t('softwareStats.topNote', { count: SOFTWARE_STATS_TOP })}</p>
            <ChartSlot>
              <RankChart
                label={t('softwareStats.chartLabel', { title: versions })}
                rows={figures.versions.map((v) => ({ name: v.version, records: v.count }))}
                seriesName={countName}
              />
            </ChartSlot>
            <TableScroll aria-label={t('softwareStats.tableOf', { title: versions })}>
              <DataTable>
                <caption>{t('softwareStats.tableOf', { title: versions })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('softwareStats.column.version')}</th>
                    <th scope="col" className="number">
                      {countName}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.versions.map((v) => (
                    <tr key={v.version}>
                      <th scope="row">{v.version}</th>
                      <td className="number">{formatNumber(v.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </section>
          <section aria-labelledby={idOf('systems')}>
            <h2 id={idOf('systems')}>{systems}</h2>
            <p>{t('softwareStats.topNote', { count: SOFTWARE_STATS_TOP })}</p>
            <ChartSlot>
              <RankChart
                label={t('softwareStats.chartLabel', { title: systems })}
                rows={figures.systems.map((s) => ({ name: systemName(s.system), records: s.count }))}
                seriesName={countName}
                colourIndex={1}
              />
            </ChartSlot>
            <TableScroll aria-label={t('softwareStats.tableOf', { title: systems })}>
              <DataTable>
                <caption>{t('softwareStats.tableOf', { title: systems })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('softwareStats.column.system')}</th>
                    <th scope="col" className="number">
                      {countName}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.systems.map((s) => (
                    <tr key={s.system ?? ''}>
                      <th scope="row">{systemName(s.system)}</th>
                      <td className="number">{formatNumber(s.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </section>
        </StatsSections>
      )}
    </>
  );
}
