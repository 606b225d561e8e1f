import { REVIEW_RATING } from '@platform/contracts/trainings/records';
import { excerpt } from '@platform/contracts/publications/access';
import { useMemo, type ReactNode, type Ref } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { CardGrid } from '../../kit/ui/card-grid.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Link } from '../../kit/ui/link.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { TagChips, type TagView } from '../community/index.ts';
import type en from './messages/en.json';
import {
  readResourceTypes,
  readThemes,
  type NamedRef,
  type TrainingResourceView,
  type TrainingTheme,
} from './trainings-api.ts';

/**
 * The pieces the trainings' readers' screens share: the messages, the cards of a list, the filters over reference
 * lists (themes, types), a resource's rating, and the frame of a record's page.
 */

export type TrainingsMessages = typeof en;
export const useTrainingsT = () => useT<TrainingsMessages>();

/** `?theme=all` undoes the theme an editor preset on a component. */
export const ALL = 'all';

/** The bar above a list: a search form and the filters side by side, wrapping on a narrow window. */
export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: flex-end;
  margin-bottom: 1rem;
  form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: flex-end;
    flex: 1 1 18rem;
    min-width: 0;
  }
  form > :first-child {
    flex: 1 1 12rem;
    min-width: 0;
    margin-bottom: 0;
  }
  > div {
    flex: 1 1 12rem;
    min-width: 0;
  }
`;

/** A record's page: its text wraps anywhere, its sections spaced. */
export const Detail = styled.article`
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
  dl {
    margin: 1rem 0;
  }
  /* a term and its value side by side while they fit, the value under its term on a narrow window */
  dl > div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75rem;
    margin-bottom: 0.25rem;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  .hero {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: 0.5rem;
    margin: 1rem 0;
  }
`;

export const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The themes (with their counts of published resources) and the resource types; none when they cannot be read. */
export function useReferenceLists(): { themes: readonly TrainingTheme[]; types: readonly NamedRef[] } {
  const api = useApi();
  const { state } = useLoaded(
    async (signal) => {
      const [themes, types] = await Promise.all([
        readThemes(api, signal).catch((): TrainingTheme[] => []),
        readResourceTypes(api, signal).catch((): NamedRef[] => []),
      ]);
      return { themes, types };
    },
    [api],
  );
  return useMemo(() => (state.status === 'ready' ? state.value : { themes: [], types: [] }), [state]);
}

/**
 * A filter over a reference list, with "All": choosing "All" when the editor preset a value names `all` in the URL,
 * to undo the preset; `onChange` gets the URL's value.
 */
export function ReferenceFilter({
  label,
  allLabel,
  options,
  value,
  preset = null,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  value: string | null;
  preset?: string | null;
  onChange: (value: string | null) => void;
}) {
  if (options.length === 0) return null;
  return (
    <div>
      <Select
        label={label}
        options={[{ id: ALL, label: allLabel }, ...options]}
        selectedKey={value ?? ALL}
        onSelectionChange={(key) =>
          onChange(key === null || key === ALL ? (preset ? ALL : null) : String(key))
        }
      />
    </div>
  );
}

/** The theme choices, each with its count of published resources. */
export function useThemeOptions(themes: readonly TrainingTheme[]) {
  const t = useTrainingsT();
  return themes.map((theme) => ({
    id: theme.id,
    label:
      theme.count === null
        ? theme.name
        : t('trainings.resources.themeCount', { name: theme.name, count: theme.count }),
  }));
}

const Stars = styled.span`
  color: ${({ theme }) => theme.colors.text};
  letter-spacing: 0.1em;
`;

/** A rating as stars drawn for the eye and as words for everyone ("4 out of 5"). */
export function RatingStars({ rating }: { rating: number }) {
  const t = useTrainingsT();
  const intl = useIntl();
  // whole stars only: an average shows the stars it has reached (4.5 draws four), its words say it exactly
  const full = Math.min(REVIEW_RATING.max, Math.floor(rating + 0.25));
  return (
    <span>
      <Stars aria-hidden="true">
        {'★'.repeat(full)}
        {'☆'.repeat(Math.max(0, REVIEW_RATING.max - full))}
      </Stars>{' '}
      {t('trainings.rating.outOf', {
        rating: intl.formatNumber(rating, { maximumFractionDigits: 1 }),
        max: REVIEW_RATING.max,
      })}
    </span>
  );
}

/** A resource's average rating and its number of reviews, or that nobody reviewed it yet. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const t = useTrainingsT();
  if (average === null || count === 0) return <p>{t('trainings.rating.none')}</p>;
  return (
    <p>
      <RatingStars rating={average} /> · {t('trainings.rating.count', { count })}
    </p>
  );
}

/**
 * Resources as cards: image, title (a link to the resource's page, or plain text when no page shows them), type
 * and themes, rating, excerpt and tags (each a link to the list filtered by it when the list can be filtered).
 */
export function ResourceCards({
  items,
  label,
  headingLevel,
  itemHref,
  tagHref,
  ref,
}: {
  items: readonly TrainingResourceView[];
  label: string;
  headingLevel: 2 | 3;
  itemHref: (id: string) => string | null;
  tagHref?: (tag: TagView) => string;
  ref?: Ref<HTMLUListElement>;
}) {
  const t = useTrainingsT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CardGrid aria-label={label} ref={ref} tabIndex={-1}>
      {items.map((item) => {
        const href = itemHref(item.id);
        return (
          <li key={item.id}>
            {item.image?.src ? (
              <img
                src={item.image.src}
                alt=""
                width={item.image.width ?? undefined}
                height={item.image.height ?? undefined}
                loading="lazy"
              />
            ) : null}
            <Heading>{href ? <Link href={href}>{item.title}</Link> : item.title}</Heading>
            {item.resourceType ? <p>{item.resourceType.name}</p> : null}
            {item.themes.length > 0 ? (
              <p>{t('trainings.resources.inThemes', { names: item.themes.map((x) => x.name).join(', ') })}</p>
            ) : null}
            <RatingSummary average={item.reviewsAverageRating} count={item.reviewsCount} />
            {item.description ? <p>{excerpt(null, item.description)}</p> : null}
            <TagChips
              tags={item.tags}
              label={t('trainings.resources.tagsOf', { title: item.title })}
              {...(tagHref ? { hrefOf: tagHref } : {})}
            />
          </li>
        );
      })}
    </CardGrid>
  );
}

/** Links to named records under a page (resources a request extends...), as a list, or plain names without one. */
export function NamedLinks({
  items,
  hrefOf,
}: {
  items: readonly NamedRef[];
  hrefOf: (id: string) => string | null;
}): ReactNode {
  return (
    <ul>
      {items.map((item) => {
        const href = hrefOf(item.id);
        return <li key={item.id}>{href ? <Link href={href}>{item.name}</Link> : item.name}</li>;
      })}
    </ul>
  );
}
