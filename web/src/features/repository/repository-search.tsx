import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { SearchField } from '../../kit/ui/search-field.tsx';
import { itemHref, readComponentPath } from '../authors/index.ts';
import { Pager, pageParam, useQueryState } from '../community/index.ts';
import {
  ALL_CATEGORIES,
  CategoryFilter,
  Filters,
  RepositoryCards,
  useRepositoryCategories,
  useRepositoryT,
} from './repository-cards.tsx';
import { readRepositoryItems, REPOSITORY_PAGE_SIZE, type RepositoryQuery } from './repository-api.ts';

/**
 * The repository search component (seed 000 §2.8 "repository search"): a search box and the category filter over
 * the published repository items the reader may see (the layer's full-text `filter[search]`, ranked by the
 * server), the results as the repository's cards, each linking to its page under the page that shows the
 * repository component (seed 000 §2.6 {path}/{item}), a tag of a card narrowing the results. The query lives in
 * the URL (`?search&category&tag&page`, the repository component's names), so a search survives a reload and can
 * be shared. Nothing is listed until the reader asks: words, a category or a tag. On the page that shows the
 * repository itself, the repository's list below answers the same query, so the search keeps its box and filter
 * and lists nothing of its own (one query, one list).
 */
export function RepositorySearch({
  presetCategory = null,
  headingLevel = 2,
}: {
  presetCategory?: string | null;
  headingLevel?: 2 | 3;
}) {
  const t = useRepositoryT();
  const api = useApi();
  const [location] = useLocation();
  const searchString = useSearch();
  const here = `${location}${searchString ? `?${searchString}` : ''}`;
  const { params, hrefWith, update } = useQueryState();
  const search = params.get('search')?.trim() ?? '';
  const chosen = params.get('category');
  const category = chosen === ALL_CATEGORIES ? null : (chosen ?? presetCategory);
  const tag = params.get('tag');
  const page = pageParam(params);
  const asked = search !== '' || tag !== null || (chosen !== null && chosen !== ALL_CATEGORIES);

  // the box shows the URL's words, and follows them when the URL changes (back, a shared link)
  const [typed, setTyped] = useState(search);
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setTyped(search);
  }

  const { categories, names } = useRepositoryCategories();
  // the items' pages are under the page that shows the repository; without one, the titles are not links
  const repositoryPage = useLoaded(
    (signal) => readComponentPath(api, 'repository', signal).catch(() => null),
    [api],
  );
  const pagePath = repositoryPage.state.status === 'ready' ? repositoryPage.state.value : null;
  // on the repository's own page its list shows the results of the same URL parameters
  const besideList = pagePath !== null && trimSlash(pagePath) === trimSlash(location);
  const query: RepositoryQuery = { search, category, tag, organization: null, page };
  const key = JSON.stringify(query);
  const { state, retry } = useLoaded(
    async (signal) =>
      asked && !besideList ? { key, ...(await readRepositoryItems(api, query, signal)) } : null,
    [api, key, asked, besideList],
    { keep: true },
  );
  const found =
    state.status === 'ready' && state.value?.key === key && repositoryPage.state.status !== 'loading'
      ? state.value
      : null;
  const searching = asked && state.status !== 'failed' && !found;
  // while the next results are on their way, the last ones stay on screen (no jump of the page)
  const shown = found ?? (asked && state.status === 'ready' ? state.value : null);

  // a link of the results that changes them (a tag, a page) is gone with them: the focus goes to the new results
  const results = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const noteLink = (event: KeyboardEvent | PointerEvent) => {
    if ('key' in event && event.key !== 'Enter') return;
    const link = (event.target as Element).closest('a[href]');
    refocus.current = link !== null && link.getAttribute('href') !== here;
  };
  useEffect(() => {
    if (!found || !refocus.current) return;
    refocus.current = false;
    (results.current ?? box.current)?.focus();
  }, [found]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refocus.current = false;
    update({ search: typed.trim() || null });
  };
  const tagName = tag
    ? found?.items.flatMap((item) => item.tags).find((candidate) => candidate.id === tag)?.name
    : undefined;

  return (
    <>
      <Filters>
        <form role="search" aria-label={t('repository.search.landmark')} onSubmit={submit}>
          <SearchField
            label={t('repository.reader.search')}
            clearLabel={t('repository.search.clear')}
            value={typed}
            onChange={setTyped}
            onClear={() => update({ search: null })}
            inputRef={box}
          />
          <Button type="submit">{t('repository.reader.searchButton')}</Button>
        </form>
        <CategoryFilter
          categories={categories}
          category={category}
          presetCategory={presetCategory}
          onChange={(next) => update({ category: next })}
        />
      </Filters>
      {besideList ? null : (
        <>
          <p role="status">
            {!asked
              ? t('repository.search.hint')
              : searching
                ? t('repository.search.searching')
                : !found
                  ? ''
                  : found.total === 0
                    ? search
                      ? t('repository.reader.noneFoundFor', { search })
                      : t('repository.reader.noneFound')
                    : search
                      ? t(found.capped ? 'repository.reader.foundForMore' : 'repository.reader.foundFor', {
                          count: found.total,
                          search,
                        })
                      : t(found.capped ? 'repository.reader.foundMore' : 'repository.reader.found', {
                          count: found.total,
                        })}
          </p>
          <div onKeyDownCapture={noteLink} onPointerDownCapture={noteLink}>
            {tag ? (
              <p>
                {tagName ? `${t('repository.search.taggedWith', { name: tagName })} ` : null}
                <Link href={hrefWith({ tag: null })}>{t('repository.search.everyTag')}</Link>
              </p>
            ) : null}
            {state.status === 'failed' ? (
              <LoadFailed
                message={t('repository.search.failed')}
                retryLabel={t('repository.reader.retry')}
                onRetry={retry}
              />
            ) : null}
            {searching && state.status === 'loading' ? (
              <InlineLoader aria-label={t('repository.search.searching')} />
            ) : null}
            {found && found.total === 0 ? <p>{t('repository.search.emptyHelp')}</p> : null}
            {shown && shown.items.length > 0 ? (
              <RepositoryCards
                ref={results}
                items={shown.items}
                label={t('repository.search.results')}
                categoryNames={names}
                headingLevel={headingLevel}
                itemHref={(id) => itemHref(pagePath, id)}
                tagHref={(chip) => hrefWith({ tag: chip.id })}
              />
            ) : null}
            {shown ? (
              <Pager
                page={page}
                pages={Math.ceil(shown.total / REPOSITORY_PAGE_SIZE)}
                more={shown.capped}
                label={t('repository.search.pages')}
                pageLabel={(n) => t('repository.reader.page', { page: n })}
                hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
              />
            ) : null}
          </div>
        </>
      )}
    </>
  );
}

const trimSlash = (path: string) => path.replace(/\/+$/, '') || '/';
