import { excerpt } from '@platform/contracts/publications/access';
import { htmlText } from '@platform/contracts/content/rich-text';
import { trainingResourceResource } from '@platform/contracts/trainings/records';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded, useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden } from '../../kit/routing/refused-read.ts';
import { recordStats } from '../../kit/stats/record-stats.ts';
import { Link } from '../../kit/ui/link.tsx';
import { itemHref, readComponentPath } from '../authors/index.ts';
import { AuthorLink, RecordEngagement, TagChips } from '../community/index.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { BackLink, RecordFrame } from './record-frame.tsx';
import { ReviewsSection } from './reviews.tsx';
import { readReviews, readTrainingResource, type TrainingResourceView } from './trainings-api.ts';
import { Detail, NamedLinks, useTrainingsT } from './trainings-ui.tsx';

function formatSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Where a Creative Commons licence's text is read, from its SPDX identifier (CC-BY-SA-4.0, CC0-1.0); else null. */
export function licenceUrl(id: string): string | null {
  const cc = /^CC-(BY(?:-NC)?(?:-ND|-SA)?)-(\d\.\d)$/i.exec(id);
  if (cc) return `https://creativecommons.org/licenses/${cc[1]!.toLowerCase()}/${cc[2]}/`;
  if (/^CC0-1\.0$/i.test(id)) return 'https://creativecommons.org/publicdomain/zero/1.0/';
  return null;
}

/**
 * A training resource's page at {path}/{resource} (seed 000 §2.6): its image, description, type and themes, tags,
 * external link, usage notes and updates, files to download, licence and original authors, the requests it answers
 * and the resources it extends, and its reviews with their average and count, with a signed-in member's review form.
 */
export function ResourcePage({ basePath, resourceId }: { basePath: string; resourceId: string }) {
  const t = useTrainingsT();
  const api = useApi();
  const { state, reload, reloadAndWait } = useLoadedAt(
    async ({ signal, minPosition }) => {
      const [resource, reviews] = await Promise.all([
        // a resource above the reader's level, or not yet published, exists: the unauthorized screen, never its title
        hiddenAsForbidden(
          api,
          'training-resources',
          resourceId,
          readTrainingResource(api, resourceId, { minPosition, signal }),
          signal,
        ),
        readReviews(api, resourceId, { minPosition, signal }),
      ]);
      return { resource, reviews };
    },
    [api, resourceId],
    { keep: true },
  );
  const resource = state.status === 'ready' ? state.value.resource : null;
  usePageTitle(resource?.title ?? null, resource ? excerpt(null, resource.description) : null);
  return (
    <RecordFrame
      state={state}
      retry={() => reload()}
      basePath={basePath}
      backLabel={t('trainings.resources.back')}
      notFoundLabel={t('trainings.resources.notFound')}
    >
      {({ resource: shown, reviews }) => (
        <Detail>
          <BackLink basePath={basePath} label={t('trainings.resources.back')} />
          <h1>{shown.title}</h1>
          <ResourceFacts basePath={basePath} resource={shown} />
          <RecordEngagement
            definition={trainingResourceResource}
            id={shown.id}
            title={shown.title}
            engagement={shown.engagement}
          />
          <ReviewsSection basePath={basePath} resource={shown} reviews={reviews} onReviewed={reloadAndWait} />
        </Detail>
      )}
    </RecordFrame>
  );
}

function ResourceFacts({ basePath, resource }: { basePath: string; resource: TrainingResourceView }) {
  const t = useTrainingsT();
  const intl = useIntl();
  const api = useApi();
  // the requests' pages are under the page that shows the requests; without one, their titles are not links
  const requestsPage = useLoaded(
    (signal) =>
      resource.originalRequests.length
        ? readComponentPath(api, 'training-resource-requests', signal).catch(() => null)
        : Promise.resolve(null),
    [api, resource.originalRequests.length],
  );
  const requestsPath = requestsPage.state.status === 'ready' ? requestsPage.state.value : null;
  const listWith = (key: string, value: string) => `${basePath || '/'}?${key}=${encodeURIComponent(value)}`;
  const licence = resource.licenseId ? licenceUrl(resource.licenseId) : null;
  const links = (items: TrainingResourceView['themes'], key: string) =>
    items.map((item, i) => (
      <span key={item.id}>
        {i > 0 ? ', ' : null}
        <Link href={listWith(key, item.id)}>{item.name}</Link>
      </span>
    ));
  const themes = [
    ...links(resource.themes, 'theme'),
    ...(resource.otherTheme
      ? [<span key="other">{`${resource.themes.length ? ', ' : ''}${resource.otherTheme}`}</span>]
      : []),
  ];
  return (
    <>
      {resource.author ? (
        <p>
          {t('trainings.sharedBy')} <AuthorLink author={resource.author} />
        </p>
      ) : null}
      {resource.publishedAt ? (
        <p>
          {t('trainings.publishedOn', {
            date: intl.formatDate(resource.publishedAt, { dateStyle: 'long' }),
          })}
        </p>
      ) : null}
      {resource.image?.src ? (
        <img
          className="hero"
          src={resource.image.src}
          alt={resource.image.description ?? ''}
          width={resource.image.width ?? undefined}
          height={resource.image.height ?? undefined}
        />
      ) : null}
      <dl>
        {resource.resourceType || resource.otherResourceType ? (
          <div>
            <dt>{t('trainings.resources.type')}</dt>
            <dd>
              {resource.resourceType ? (
                <Link href={listWith('type', resource.resourceType.id)}>{resource.resourceType.name}</Link>
              ) : (
                resource.otherResourceType
              )}
            </dd>
          </div>
        ) : null}
        {themes.length ? (
          <div>
            <dt>{t('trainings.resources.themes')}</dt>
            <dd>{themes}</dd>
          </div>
        ) : null}
        {resource.licenseId ? (
          <div>
            <dt>{t('trainings.resources.licence')}</dt>
            <dd>
              {licence ? (
                <Link href={licence} external>
                  {resource.licenseId}
                </Link>
              ) : (
                resource.licenseId
              )}
            </dd>
          </div>
        ) : null}
        {resource.originalAuthors ? (
          <div>
            <dt>{t('trainings.resources.originalAuthors')}</dt>
            <dd>{resource.originalAuthors}</dd>
          </div>
        ) : null}
        {resource.source ? (
          <div>
            <dt>{t('trainings.resources.source')}</dt>
            <dd>{resource.source}</dd>
          </div>
        ) : null}
      </dl>
      <TagChips
        tags={resource.tags}
        label={t('trainings.resources.tags')}
        hrefOf={(tag) => listWith('tag', tag.id)}
      />
      <RichText html={resource.description} ugc />
      {resource.externalUrl ? (
        <p>
          <Link href={resource.externalUrl} external>
            {t('trainings.resources.externalUrl')}
          </Link>
        </p>
      ) : null}
      {resource.usageNotes && htmlText(resource.usageNotes) ? (
        <section aria-labelledby="training-usage-notes">
          <h2 id="training-usage-notes">{t('trainings.resources.usageNotes')}</h2>
          <RichText html={resource.usageNotes} ugc />
        </section>
      ) : null}
      {resource.updates && htmlText(resource.updates) ? (
        <section aria-labelledby="training-updates">
          <h2 id="training-updates">{t('trainings.resources.updates')}</h2>
          <RichText html={resource.updates} ugc />
        </section>
      ) : null}
      {resource.files.length > 0 ? (
        <section aria-labelledby="training-files">
          <h2 id="training-files">{t('trainings.resources.files')}</h2>
          <ul>
            {resource.files.map((file) => (
              <li key={file.id}>
                <Link
                  href={file.href}
                  download={file.name}
                  onPress={() => recordStats(api, 'download', { type: 'files', id: file.id })}
                >
                  {file.size === null
                    ? t('trainings.resources.download', { name: file.name })
                    : t('trainings.resources.downloadSized', {
                        name: file.name,
                        size: formatSize(file.size, intl.locale),
                      })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {resource.originalRequests.length > 0 ? (
        <section aria-labelledby="training-answers">
          <h2 id="training-answers">{t('trainings.resources.answersRequests')}</h2>
          <NamedLinks items={resource.originalRequests} hrefOf={(id) => itemHref(requestsPath, id)} />
        </section>
      ) : null}
      {resource.originalResources.length > 0 ? (
        <section aria-labelledby="training-extends">
          <h2 id="training-extends">{t('trainings.resources.extendsResources')}</h2>
          <NamedLinks
            items={resource.originalResources}
            hrefOf={(id) => `${basePath}/${encodeURIComponent(id)}`}
          />
        </section>
      ) : null}
    </>
  );
}
