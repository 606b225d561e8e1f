import { tagColour, type TagColour } from '@platform/contracts/content/tag';
import { useCallback } from 'react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../kit/i18n/use-t.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import type { CommunityMessages } from './community-ui.tsx';
import type { TagView } from './documents.ts';

/**
 * The pieces every readers' list of publications shares: the URL's query string as the list's state (a filter
 * change starts again at the first page), the tag chips, and the pager.
 */

/** The list's query parameters, and a way to change some (a change of anything but `page` drops `page`). */
export function useQueryState(): {
  params: URLSearchParams;
  hrefWith: (changes: Record<string, string | null>) => string;
  update: (changes: Record<string, string | null>) => void;
} {
  const [location] = useLocation();
  const search = useSearch();
  const { navigate } = useNavigation();
  const params = new URLSearchParams(search);
  const hrefWith = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      return `${location}${query ? `?${query}` : ''}`;
    },
    [location, search],
  );
  const update = useCallback(
    (changes: Record<string, string | null>) => navigate(hrefWith(changes)),
    [navigate, hrefWith],
  );
  return { params, hrefWith, update };
}

/** A positive page number from the URL, 1 when it names none or nonsense. */
export function pageParam(params: URLSearchParams, name = 'page'): number {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The seven tag colours as a border beside the tag's name: the text keeps the theme's contrast in both themes. */
const TAG_BORDERS: Record<TagColour, string> = {
  blue: '#1f6feb',
  green: '#2da44e',
  orange: '#d4760a',
  purple: '#8250df',
  teal: '#1b998b',
  red: '#cf222e',
  brown: '#8b5a2b',
};

const Chips = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0;
  padding: 0;
  > li {
    border-left: 0.375rem solid var(--tag-colour);
    padding: 0.125rem 0.5rem;
    border-radius: 0.25rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
`;

/** A publication's tags, each a link to the list filtered by it when `hrefOf` is given. */
export function TagChips({
  tags,
  label,
  hrefOf,
}: {
  tags: readonly TagView[];
  label: string;
  hrefOf?: (tag: TagView) => string;
}) {
  if (tags.length === 0) return null;
  return (
    <Chips aria-label={label}>
      {tags.map((tag) => (
        <li
          key={tag.id}
          style={{ ['--tag-colour' as string]: TAG_BORDERS[tagColour(tag.id)] } as React.CSSProperties}
        >
          {hrefOf ? <Link href={hrefOf(tag)}>{tag.name}</Link> : tag.name}
        </li>
      ))}
    </Chips>
  );
}

const PagerList = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 1.5rem 0 0;
  padding: 0;
  a,
  [aria-current] {
    display: inline-block;
    min-width: 2.75rem;
    min-height: 2.75rem;
    padding: 0.5rem;
    text-align: center;
    box-sizing: border-box;
  }
  [aria-current='page'] {
    font-weight: 700;
    border: 2px solid currentColor;
    border-radius: 0.25rem;
  }
`;

/**
 * Links to every page (the current one marked with aria-current), inside a labelled navigation; none for one page.
 * A list that counted no further than its bound (`more`, ADR 0045) has pages past the last one counted: a link
 * goes on to the next of them, whose answer counts further.
 */
export function Pager({
  page,
  pages,
  label,
  pageLabel,
  hrefOf,
  more = false,
}: {
  page: number;
  pages: number;
  label: string;
  pageLabel: (n: number) => string;
  hrefOf: (n: number) => string;
  more?: boolean;
}) {
  const t = useT<CommunityMessages>();
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label={label}>
      <PagerList>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page">
                <VisuallyHidden>{pageLabel(n)}</VisuallyHidden>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <Link href={hrefOf(n)} aria-label={pageLabel(n)}>
                {String(n)}
              </Link>
            )}
          </li>
        ))}
        {more ? (
          <li>
            <Link href={hrefOf(pages + 1)}>{t('community.pager.more')}</Link>
          </li>
        ) : null}
      </PagerList>
    </nav>
  );
}
