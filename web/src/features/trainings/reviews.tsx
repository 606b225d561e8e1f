import { trainingResourceReviewResource } from '@platform/contracts/trainings/records';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { may, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { recordStats } from '../../kit/stats/record-stats.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { useSignInHref } from '../community/index.ts';
import { ReviewForm } from './review-form.tsx';
import type { ReviewView, TrainingResourceView } from './trainings-api.ts';
import { Meta, RatingStars, RatingSummary, useTrainingsT } from './trainings-ui.tsx';

const ReviewList = styled.ul`
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
  p {
    margin: 0.25rem 0;
  }
`;

/** What one review says: its rating, who wrote it and when, its objective (and the people it served), its comments. */
export function ReviewBody({ review }: { review: ReviewView }) {
  const t = useTrainingsT();
  const intl = useIntl();
  const api = useApi();
  return (
    <>
      <p>
        <RatingStars rating={review.rating} />
      </p>
      <Meta>
        {review.authorName ?? t('trainings.review.someone')}
        {review.reviewedAt ? ` · ${intl.formatDate(review.reviewedAt, { dateStyle: 'long' })}` : ''}
      </Meta>
      <p>
        {t('trainings.review.objectiveIs', { objective: t(`trainings.objective.${review.objective}`) })}
        {review.recipientsCount !== null
          ? ` · ${t('trainings.review.recipients', { count: review.recipientsCount })}`
          : ''}
      </p>
      {review.objectiveComment ? <p>{review.objectiveComment}</p> : null}
      {review.comment ? <p>{review.comment}</p> : null}
      {review.file ? (
        <p>
          <Link
            href={review.file.href}
            download={review.file.name}
            onPress={() => review.file && recordStats(api, 'download', { type: 'files', id: review.file.id })}
          >
            {t('trainings.review.fileLink', { name: review.file.name })}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/**
 * A resource's reviews: their average rating and count (kept by the resource's projection, announced when they
 * change), the newest reviews, each with a link to its own page, and the review form for a member who may write one
 * (else the way to sign in).
 */
export function ReviewsSection({
  basePath,
  resource,
  reviews,
  onReviewed,
}: {
  basePath: string;
  resource: TrainingResourceView;
  reviews: readonly ReviewView[];
  onReviewed: (position?: string) => Promise<void>;
}) {
  const t = useTrainingsT();
  const session = useSession();
  const signIn = useSignInHref();
  const mayReview = may(trainingResourceReviewResource, 'create', viewerFacts(session.user));
  return (
    <section aria-labelledby="training-reviews">
      <h2 id="training-reviews">{t('trainings.reviews.title')}</h2>
      <div aria-live="polite" aria-atomic="true">
        <RatingSummary average={resource.reviewsAverageRating} count={resource.reviewsCount} />
      </div>
      {reviews.length > 0 ? (
        <ReviewList aria-label={t('trainings.reviews.listOf', { title: resource.title })}>
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewBody review={review} />
              <p>
                <Link href={`${basePath}/reviews/${encodeURIComponent(review.id)}`}>
                  {t('trainings.reviews.open', { name: review.authorName ?? t('trainings.review.someone') })}
                </Link>
              </p>
            </li>
          ))}
        </ReviewList>
      ) : null}
      <h3>{t('trainings.review.title')}</h3>
      {mayReview ? (
        <ReviewForm resourceId={resource.id} title={resource.title} onReviewed={onReviewed} />
      ) : (
        <p>
          <Link href={signIn}>{t('trainings.review.signIn')}</Link>
        </p>
      )}
    </section>
  );
}
