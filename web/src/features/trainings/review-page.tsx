import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Link } from '../../kit/ui/link.tsx';
import { BackLink, RecordFrame } from './record-frame.tsx';
import { ReviewBody } from './reviews.tsx';
import { readReview, readTrainingResource } from './trainings-api.ts';
import { Detail, useTrainingsT } from './trainings-ui.tsx';

/** A review's own page at {path}/reviews/{review} (seed 000 §2.6): the review, and the way to its resource. */
export function ReviewPage({ basePath, reviewId }: { basePath: string; reviewId: string }) {
  const t = useTrainingsT();
  const api = useApi();
  const { state, retry } = useLoaded(
    async (signal) => {
      const review = await readReview(api, reviewId, signal);
      const resource = review.resource
        ? await readTrainingResource(api, review.resource, { signal }).catch(() => null)
        : null;
      return { review, resource };
    },
    [api, reviewId],
  );
  const title =
    state.status === 'ready'
      ? state.value.resource
        ? t('trainings.reviewPage.titleOf', { title: state.value.resource.title })
        : t('trainings.reviewPage.title')
      : null;
  usePageTitle(title);
  return (
    <RecordFrame
      state={state}
      retry={retry}
      basePath={basePath}
      backLabel={t('trainings.resources.back')}
      notFoundLabel={t('trainings.reviewPage.notFound')}
    >
      {({ review, resource }) => (
        <Detail>
          <BackLink basePath={basePath} label={t('trainings.resources.back')} />
          <h1>{title}</h1>
          <ReviewBody review={review} />
          {resource ? (
            <p>
              <Link href={`${basePath}/${encodeURIComponent(resource.id)}`}>
                {t('trainings.reviewPage.toResource', { title: resource.title })}
              </Link>
            </p>
          ) : null}
        </Detail>
      )}
    </RecordFrame>
  );
}
