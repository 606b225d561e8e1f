import { excerpt } from '@platform/contracts/publications/access';
import { trainingResourceRequestResource } from '@platform/contracts/trainings/records';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { may, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden } from '../../kit/routing/refused-read.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { CardGrid } from '../../kit/ui/card-grid.ts';
import { itemHref, readComponentPath } from '../authors/index.ts';
import { AuthorLink, Pager, pageParam, TagChips, useQueryState, useSignInHref } from '../community/index.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { BackLink, RecordFrame } from './record-frame.tsx';
import { RequestForm } from './request-form.tsx';
import {
  readAnsweringResources,
  readPickedRequests,
  readRequest,
  readRequests,
  TRAININGS_PAGE_SIZE,
  type RequestView,
} from './trainings-api.ts';
import { Detail, Meta, NamedLinks, useTrainingsT } from './trainings-ui.tsx';

/**
 * The training resource requests component (seed 000 §2.8) and the selected requests: the published requests,
 * newest first, with pages, or those an editor picked; a signed-in member asks for a resource from the list; at the
 * sub-route {path}/{request} (§2.6) a request's page in place of the list.
 */
export function RequestsContent({
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
  if (segment) return <RequestPage basePath={basePath} requestId={segment} />;
  return <RequestList basePath={basePath} ids={ids} headingLevel={headingLevel} />;
}

/** What a request is about: its type and themes, the member's own where none of the lists fits. */
function aboutOf(request: RequestView): { type: string | null; themes: string[] } {
  return {
    type: request.resourceType?.name ?? request.otherResourceType,
    themes: [...request.themes.map((x) => x.name), ...(request.otherTheme ? [request.otherTheme] : [])],
  };
}

function RequestCards({
  items,
  basePath,
  headingLevel,
}: {
  items: readonly RequestView[];
  basePath: string;
  headingLevel: 2 | 3;
}) {
  const t = useTrainingsT();
  const intl = useIntl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CardGrid aria-label={t('trainings.requests.list')}>
      {items.map((request) => {
        const about = aboutOf(request);
        return (
          <li key={request.id}>
            <Heading>
              <Link href={`${basePath}/${encodeURIComponent(request.id)}`}>{request.title}</Link>
            </Heading>
            {request.publishedAt ? (
              <Meta>
                {t('trainings.requests.askedOn', {
                  date: intl.formatDate(request.publishedAt, { dateStyle: 'long' }),
                })}
              </Meta>
            ) : null}
            {about.type ? <p>{about.type}</p> : null}
            {about.themes.length ? (
              <p>{t('trainings.resources.inThemes', { names: about.themes.join(', ') })}</p>
            ) : null}
            {request.description ? <p>{excerpt(null, request.description)}</p> : null}
          </li>
        );
      })}
    </CardGrid>
  );
}

function RequestList({
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
  const session = useSession();
  const signIn = useSignInHref();
  const { params, hrefWith } = useQueryState();
  const page = pageParam(params);
  const [asking, setAsking] = useState(false);
  const ask = useRef<HTMLDivElement>(null);
  const key = ids?.join(',') ?? null;
  const { state, retry } = useLoaded(
    (signal) => (ids ? readPickedRequests(api, ids, signal) : readRequests(api, { page }, signal)),
    [api, key, page],
    { keep: true },
  );
  const mayAsk = may(trainingResourceRequestResource, 'create', viewerFacts(session.user));
  return (
    <>
      {state.status === 'loading' ? <InlineLoader aria-label={t('trainings.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed message={t('trainings.failed')} retryLabel={t('trainings.retry')} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <>
          {ids ? null : (
            <p role="status">
              {state.value.total === 0
                ? t('trainings.requests.none')
                : t(state.value.capped ? 'trainings.requests.foundMore' : 'trainings.requests.found', {
                    count: state.value.total,
                  })}
            </p>
          )}
          {state.value.items.length > 0 ? (
            <RequestCards items={state.value.items} basePath={basePath} headingLevel={headingLevel} />
          ) : null}
          {ids ? null : (
            <Pager
              page={page}
              pages={Math.ceil(state.value.total / TRAININGS_PAGE_SIZE)}
              more={state.value.capped}
              label={t('trainings.requests.pages')}
              pageLabel={(n) => t('trainings.page', { page: n })}
              hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
            />
          )}
        </>
      ) : null}
      {ids ? null : (
        <section aria-labelledby="training-request-form">
          <h2 id="training-request-form">{t('trainings.request.title')}</h2>
          <p>{t('trainings.request.intro')}</p>
          {!mayAsk ? (
            <p>
              <Link href={signIn}>{t('trainings.request.signIn')}</Link>
            </p>
          ) : asking ? (
            <RequestForm
              basePath={basePath}
              onCancel={() => {
                setAsking(false);
                requestAnimationFrame(() => ask.current?.querySelector('button')?.focus());
              }}
            />
          ) : (
            <div ref={ask}>
              <Button onPress={() => setAsking(true)}>{t('trainings.request.open')}</Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}

/**
 * A request's page at {path}/{request}: what is asked, the inspiration, its theme and type, the resources it would
 * extend and those that answer it (each a link to its page under the page that shows the training resources).
 */
function RequestPage({ basePath, requestId }: { basePath: string; requestId: string }) {
  const t = useTrainingsT();
  const intl = useIntl();
  const api = useApi();
  // a request just written is read at its write's position (the form's link)
  const minPosition = new URLSearchParams(useSearch()).get('minPosition') ?? undefined;
  const { state, retry } = useLoaded(
    async (signal) => {
      const [request, answers, resourcesPath] = await Promise.all([
        hiddenAsForbidden(
          api,
          'training-resource-requests',
          requestId,
          readRequest(api, requestId, { minPosition, signal }),
          signal,
        ),
        readAnsweringResources(api, requestId, signal).catch(() => []),
        readComponentPath(api, 'training-resources', signal).catch(() => null),
      ]);
      return { request, answers, resourcesPath };
    },
    [api, requestId, minPosition],
  );
  const request = state.status === 'ready' ? state.value.request : null;
  usePageTitle(request?.title ?? null, request ? excerpt(null, request.description) : null);
  return (
    <RecordFrame
      state={state}
      retry={retry}
      basePath={basePath}
      backLabel={t('trainings.requests.back')}
      notFoundLabel={t('trainings.requests.notFound')}
    >
      {({ request: shown, answers, resourcesPath }) => {
        const about = aboutOf(shown);
        const resourceHref = (id: string) => itemHref(resourcesPath, id);
        return (
          <Detail>
            <BackLink basePath={basePath} label={t('trainings.requests.back')} />
            <h1>{shown.title}</h1>
            {shown.author ? (
              <p>
                {t('trainings.requests.askedBy')} <AuthorLink author={shown.author} />
              </p>
            ) : null}
            {shown.publishedAt ? (
              <p>
                {t('trainings.requests.askedOn', {
                  date: intl.formatDate(shown.publishedAt, { dateStyle: 'long' }),
                })}
              </p>
            ) : null}
            {about.type || about.themes.length ? (
              <dl>
                {about.type ? (
                  <div>
                    <dt>{t('trainings.resources.type')}</dt>
                    <dd>{about.type}</dd>
                  </div>
                ) : null}
                {about.themes.length ? (
                  <div>
                    <dt>{t('trainings.resources.themes')}</dt>
                    <dd>{about.themes.join(', ')}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            <TagChips tags={shown.tags} label={t('trainings.resources.tags')} />
            <RichText html={shown.description} ugc />
            {shown.inspirationUrl ? (
              <p>
                <Link href={shown.inspirationUrl} external>
                  {t('trainings.requests.inspiration')}
                </Link>
              </p>
            ) : null}
            {shown.extendedResources.length > 0 ? (
              <section aria-labelledby="training-request-extends">
                <h2 id="training-request-extends">{t('trainings.requests.extends')}</h2>
                <NamedLinks items={shown.extendedResources} hrefOf={resourceHref} />
              </section>
            ) : null}
            <section aria-labelledby="training-request-answers">
              <h2 id="training-request-answers">{t('trainings.requests.answers')}</h2>
              {answers.length > 0 ? (
                <NamedLinks items={answers} hrefOf={resourceHref} />
              ) : (
                <p>{t('trainings.requests.noAnswer')}</p>
              )}
            </section>
          </Detail>
        );
      }}
    </RecordFrame>
  );
}
