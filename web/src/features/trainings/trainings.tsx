import { excerpt } from '@platform/contracts/publications/access';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden } from '../../kit/routing/refused-read.ts';
import { Link } from '../../kit/ui/link.tsx';
import { CardGrid } from '../../kit/ui/card-grid.ts';
import { Pager, pageParam, useQueryState } from '../community/index.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { BackLink, RecordFrame } from './record-frame.tsx';
import {
  readPickedTrainings,
  readSessions,
  readTraining,
  readTrainings,
  TRAININGS_PAGE_SIZE,
  type SessionView,
  type TrainingView,
} from './trainings-api.ts';
import { Detail, useTrainingsT } from './trainings-ui.tsx';

/**
 * The trainings component (seed 000 §2.8) and the selected trainings: the published trainings with pages, or those
 * an editor picked; at the sub-route {path}/{id} (§2.6) a training's page with its sessions.
 */
export function TrainingsContent({
  basePath,
  segment,
  ids,
  headingLevel = 2,
}: {
  basePath: string;
  segment: string | null;
  ids?: readonly string[];
  headingLevel?: 2 | 3;
}) {
  if (segment) return <TrainingPage basePath={basePath} trainingId={segment} />;
  return <TrainingList basePath={basePath} ids={ids} headingLevel={headingLevel} />;
}

/** A training's category, level and type, as one line. */
function kindOf(training: TrainingView): string {
  return [training.category, training.level, training.trainingType]
    .flatMap((x) => (x ? [x.name] : []))
    .join(' · ');
}

function TrainingList({
  basePath,
  ids,
  headingLevel,
}: {
  basePath: string;
  ids?: readonly string[];
  headingLevel: 2 | 3;
}) {
  const t = useTrainingsT();
  const api = useApi();
  const { params, hrefWith } = useQueryState();
  const page = pageParam(params);
  const key = ids?.join(',') ?? null;
  const { state, retry } = useLoaded(
    (signal) => (ids ? readPickedTrainings(api, ids, signal) : readTrainings(api, { page }, signal)),
    [api, key, page],
    { keep: true },
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (state.status === 'loading') return <InlineLoader aria-label={t('trainings.loading')} />;
  if (state.status === 'failed')
    return <LoadFailed message={t('trainings.failed')} retryLabel={t('trainings.retry')} onRetry={retry} />;
  return (
    <>
      {ids ? null : (
        <p role="status">
          {state.value.total === 0
            ? t('trainings.trainings.none')
            : t(state.value.capped ? 'trainings.trainings.foundMore' : 'trainings.trainings.found', {
                count: state.value.total,
              })}
        </p>
      )}
      {state.value.items.length > 0 ? (
        <CardGrid aria-label={t('trainings.trainings.list')}>
          {state.value.items.map((training) => (
            <li key={training.id}>
              {training.image?.src ? (
                <img
                  src={training.image.src}
                  alt=""
                  width={training.image.width ?? undefined}
                  height={training.image.height ?? undefined}
                  loading="lazy"
                />
              ) : null}
              <Heading>
                <Link href={`${basePath}/${encodeURIComponent(training.id)}`}>{training.title}</Link>
              </Heading>
              {kindOf(training) ? <p>{kindOf(training)}</p> : null}
              <p>
                {training.sessionsCount
                  ? t('trainings.trainings.sessionsCount', { count: training.sessionsCount })
                  : t('trainings.trainings.noSession')}
              </p>
              {training.description ? <p>{excerpt(null, training.description)}</p> : null}
            </li>
          ))}
        </CardGrid>
      ) : null}
      {ids ? null : (
        <Pager
          page={page}
          pages={Math.ceil(state.value.total / TRAININGS_PAGE_SIZE)}
          more={state.value.capped}
          label={t('trainings.trainings.pages')}
          pageLabel={(n) => t('trainings.page', { page: n })}
          hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
        />
      )}
    </>
  );
}

const Sessions = styled.ol`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  > li {
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.125rem;
  }
  address {
    font-style: normal;
  }
  p {
    margin: 0.25rem 0;
  }
`;

function SessionItem({ session }: { session: SessionView }) {
  const t = useTrainingsT();
  const intl = useIntl();
  const start = new Date(session.startAt);
  const end = new Date(session.endAt);
  const valid = !Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime());
  return (
    <li>
      <h3>
        {valid
          ? intl.formatDateTimeRange(start, end, { dateStyle: 'full', timeStyle: 'short' })
          : session.startAt}
      </h3>
      {session.address ? (
        <address>
          {session.address.fullName}
          <br />
          {session.address.line1}
          {session.address.line2 ? (
            <>
              <br />
              {session.address.line2}
            </>
          ) : null}
          <br />
          {`${session.address.postalCode} ${session.address.city}`}
        </address>
      ) : (
        <p>{t('trainings.sessions.addressHidden')}</p>
      )}
    </li>
  );
}

/** A training's page at {path}/{id}: its kind, description and sessions (dates, and the addresses the reader may read). */
function TrainingPage({ basePath, trainingId }: { basePath: string; trainingId: string }) {
  const t = useTrainingsT();
  const api = useApi();
  const { state, retry } = useLoaded(
    async (signal) => {
      const [training, sessions] = await Promise.all([
        hiddenAsForbidden(api, 'trainings', trainingId, readTraining(api, trainingId, signal), signal),
        readSessions(api, trainingId, signal),
      ]);
      return { training, sessions };
    },
    [api, trainingId],
  );
  const training = state.status === 'ready' ? state.value.training : null;
  usePageTitle(training?.title ?? null, training ? excerpt(null, training.description) : null);
  return (
    <RecordFrame
      state={state}
      retry={retry}
      basePath={basePath}
      backLabel={t('trainings.trainings.back')}
      notFoundLabel={t('trainings.trainings.notFound')}
    >
      {({ training: shown, sessions }) => (
        <Detail>
          <BackLink basePath={basePath} label={t('trainings.trainings.back')} />
          <h1>{shown.title}</h1>
          {shown.image?.src ? (
            <img
              className="hero"
              src={shown.image.src}
              alt={shown.image.description ?? ''}
              width={shown.image.width ?? undefined}
              height={shown.image.height ?? undefined}
            />
          ) : null}
          <dl>
            {shown.category ? (
              <div>
                <dt>{t('trainings.trainings.category')}</dt>
                <dd>{shown.category.name}</dd>
              </div>
            ) : null}
            {shown.level ? (
              <div>
                <dt>{t('trainings.trainings.level')}</dt>
                <dd>{shown.level.name}</dd>
              </div>
            ) : null}
            {shown.trainingType ? (
              <div>
                <dt>{t('trainings.trainings.type')}</dt>
                <dd>{shown.trainingType.name}</dd>
              </div>
            ) : null}
          </dl>
          <RichText html={shown.description} ugc />
          <section aria-labelledby="training-sessions">
            <h2 id="training-sessions">{t('trainings.sessions.title')}</h2>
            {sessions.length > 0 ? (
              <Sessions aria-label={t('trainings.sessions.listOf', { title: shown.title })}>
                {sessions.map((session) => (
                  <SessionItem key={session.id} session={session} />
                ))}
              </Sessions>
            ) : (
              <p>{t('trainings.sessions.none')}</p>
            )}
          </section>
        </Detail>
      )}
    </RecordFrame>
  );
}
