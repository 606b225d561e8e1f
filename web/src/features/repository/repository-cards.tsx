import { useMemo, type Ref } from 'react';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { CardGrid } from '../../kit/ui/card-grid.ts';
import { Link } from '../../kit/ui/link.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { excerpt } from '@platform/contracts/publications/access';
import { AuthorLink, TagChips, type TagView } from '../community/index.ts';
import type en from './messages/en.json';
import { readRepositoryCategories, type RepositoryCategory, type RepositoryItem } from './repository-api.ts';

/**
 * The pieces the repository's readers' lists share (the repository component's list and the repository search
 * component): the items as cards, the category filter and the bar that holds the filters.
 */

export type RepositoryMessages = typeof en;
export const useRepositoryT = () => useT<RepositoryMessages>();

/** `?category=all` undoes the category an editor preset on a component. */
export const ALL_CATEGORIES = 'all';

/** The bar above a list: a search form and the category filter side by side, wrapping on a narrow window. */
export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: flex-end;
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
    /* the box's foot on the button's and the category's, not a field's gap above them */
    margin-bottom: 0;
  }
  > div {
    flex: 0 1 18rem;
    min-width: 0;
  }
`;

/**
 * The organization that shares an item and, when its author is a member, that member: each name links to their
 * public page (issue 21).
 */
export function Authors({ item }: { item: RepositoryItem }) {
  const t = useRepositoryT();
  return (
    <>
      {item.organization ? (
        <p>
          {t('repository.reader.sharedByLabel')}{' '}
          <Link href={`/organizations/${encodeURIComponent(item.organization.key)}`}>
            {item.organization.name}
          </Link>
        </p>
      ) : null}
      {item.author?.type === 'users' ? (
        <p>
          {t('repository.reader.byLabel')} <AuthorLink author={item.author} />
        </p>
      ) : null}
    </>
  );
}

/**
 * Items as cards: image, title (a link to the item's page, or plain text when no page shows the repository),
 * who shares it, its categories, an excerpt and its tags (each a link to the list filtered by it). Focusable by
 * script (tabIndex -1), for a list that takes the focus after the link that had it is gone.
 */
export function RepositoryCards({
  items,
  label,
  categoryNames,
  headingLevel,
  itemHref,
  tagHref,
  ref,
}: {
  items: readonly RepositoryItem[];
  /** the list's name */
  label: string;
  /** the names of the categories, by id */
  categoryNames: ReadonlyMap<string, string>;
  headingLevel: 2 | 3;
  itemHref: (id: string) => string | null;
  tagHref: (tag: TagView) => string;
  ref?: Ref<HTMLUListElement>;
}) {
  const t = useRepositoryT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CardGrid aria-label={label} ref={ref} tabIndex={-1}>
      {items.map((item) => {
        const href = itemHref(item.id);
        const names = item.categoryIds.flatMap((id) => categoryNames.get(id) ?? []);
        return (
          <li key={item.id}>
            {item.images[0]?.src ? (
              <img
                src={item.images[0].src}
                alt=""
                width={item.images[0].width ?? undefined}
                height={item.images[0].height ?? undefined}
                loading="lazy"
              />
            ) : null}
            <Heading>{href ? <Link href={href}>{item.title}</Link> : item.title}</Heading>
            <Authors item={item} />
            {names.length > 0 ? (
              <p>{t('repository.reader.inCategories', { names: names.join(', ') })}</p>
            ) : null}
            {item.description ? <p>{excerpt(null, item.description)}</p> : null}
            <TagChips
              tags={item.tags}
              label={t('repository.reader.tagsOf', { title: item.title })}
              hrefOf={tagHref}
            />
          </li>
        );
      })}
    </CardGrid>
  );
}

/** The repository's categories (none when they cannot be read: the lists work without the filter). */
export function useRepositoryCategories(): {
  categories: readonly RepositoryCategory[];
  names: ReadonlyMap<string, string>;
} {
  const api = useApi();
  const { state } = useLoaded(
    (signal) => readRepositoryCategories(api, signal).catch((): RepositoryCategory[] => []),
    [api],
  );
  const categories = useMemo(() => (state.status === 'ready' ? state.value : []), [state]);
  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  return { categories, names };
}

/**
 * The category filter: every category with its count of published items, and "All categories". Choosing "All"
 * when the editor preset a category names `all` in the URL, to undo the preset; `onChange` gets the URL's value.
 */
export function CategoryFilter({
  categories,
  category,
  presetCategory,
  onChange,
}: {
  categories: readonly RepositoryCategory[];
  /** the category the list shows, null for all */
  category: string | null;
  presetCategory: string | null;
  onChange: (category: string | null) => void;
}) {
  const t = useRepositoryT();
  if (categories.length === 0) return null;
  const options = [
    { id: ALL_CATEGORIES, label: t('repository.reader.allCategories') },
    ...categories.map((c) => ({
      id: c.id,
      label:
        c.count === null ? c.name : t('repository.reader.categoryCount', { name: c.name, count: c.count }),
    })),
  ];
  return (
    <div>
      <Select
        label={t('repository.reader.category')}
        options={options}
        selectedKey={category ?? ALL_CATEGORIES}
        onSelectionChange={(key) =>
          onChange(
            key === null || key === ALL_CATEGORIES ? (presetCategory ? ALL_CATEGORIES : null) : String(key),
          )
        }
      />
    </div>
  );
}
