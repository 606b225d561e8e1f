import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { SearchField } from '../../kit/ui/search-field.tsx';
import { itemHref, readComponentPath } from '../authors/index.ts';
import { Pager, pageParam, useQueryState } from '../community/index.ts';
import { readTrainingResources, TRAININGS_PAGE_SIZE, type ResourceQuery } from './trainings-api.ts';
import {
  ALL,
  Filters,
  ReferenceFilter,
  ResourceCards,
  useReferenceLists,
  useThemeOptions,
  useTrainingsT,
} from './trainings-ui.tsx';

const trimSlash = (path: string) => path.replace(/\/+$/, '') || '/';

/**
 * The training resources search component (seed 000 §2.8): a search box and the theme filter over the published
 * resources (the layer's full-text `filter[search]`), the results as cards linking to their pages under the page
 * that shows the training resources component (§2.6 {path}/{resource}). The query lives in the URL
 * (`?search&theme&page`, the list's names); nothing is listed until the reader asks. On the page that shows the
 * list itself, the list answers the same query, so the search lists nothing of its own.
 */
export function TrainingResourcesSearch({
  presetTheme = null,
  headingLevel = 2,
}: {
  presetTheme?: string | null;
  headingLevel?: 2 | 3;
}) {
  const t = useTrainingsT();
  const api = useApi();
  const [location] = useLocation();
  const { params, hrefWith, update } = useQueryState();
  const search = params.get('search')?.trim() ?? '';
  const chosen = params.get('theme');
  const theme = chosen === ALL ? null : (chosen ?? presetTheme);
  const page = pageParam(params);
  const asked = search !== '' || (chosen !== null && chosen !== ALL);

  // the box shows the URL's words, and follows them when the URL changes (back, a shared link)
  const [typed, setTyped] = useState(search);
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setTyped(search);
  }

  const { themes } = useReferenceLists();
  const themeOptions = useThemeOptions(themes);
  const resourcesPage = useLoaded(
    (signal) => readComponentPath(api, 'training-resources', signal).catch(() => null),
    [api],
  );
  const pagePath = resourcesPage.state.status === 'ready' ? resourcesPage.state.value : null;
  const besideList = pagePath !== null && trimSlash(pagePath) === trimSlash(location);
  const query: ResourceQuery = { search, theme, type: null, tag: null, page };
  const key = JSON.stringify(query);
  const { state, retry } = useLoaded(
    async (signal) =>
      asked && !besideList ? { key, ...(await readTrainingResources(api, query, signal)) } : null,
    [api, key, asked, besideList],
    { keep: true },
  );
  const found =
    state.status === 'ready' && state.value?.key === key && resourcesPage.state.status !== 'loading'
      ? state.value
      : null;
  const searching = asked && state.status !== 'failed' && !found;
  const shown = found ?? (asked && state.status === 'ready' ? state.value : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: typed.trim() || null });
  };

  return (
    <>
      <Filters>
        <form role="search" aria-label={t('trainings.search.landmark')} onSubmit={submit}>
          <SearchField
            label={t('trainings.resources.search')}
            clearLabel={t('trainings.search.clear')}
            value={typed}
            onChange={setTyped}
            onClear={() => update({ search: null })}
          />
          <Button type="submit">{t('trainings.searchButton')}</Button>
        </form>
        <ReferenceFilter
          label={t('trainings.resources.theme')}
          allLabel={t('trainings.resources.allThemes')}
          options={themeOptions}
          value={theme}
          preset={presetTheme}
          onChange={(next) => update({ theme: next })}
        />
      </Filters>
      {besideList ? null : (
        <>
          <p role="status">
            {!asked
              ? t('trainings.search.hint')
              : searching
                ? t('trainings.search.searching')
                : !found
                  ? ''
                  : found.total === 0
                    ? search
                      ? t('trainings.resources.noneFoundFor', { search })
                      : t('trainings.resources.noneFound')
                    : search
                      ? t(
                          found.capped ? 'trainings.resources.foundForMore' : 'trainings.resources.foundFor',
                          {
                            count: found.total,
                            search,
                          },
                        )
                      : t(found.capped ? 'trainings.resources.foundMore' : 'trainings.resources.found', {
                          count: found.total,
                        })}
          </p>
          {state.status === 'failed' ? (
            <LoadFailed message={t('trainings.failed')} retryLabel={t('trainings.retry')} onRetry={retry} />
          ) : null}
          {searching && state.status === 'loading' ? (
            <InlineLoader aria-label={t('trainings.search.searching')} />
          ) : null}
          {shown && shown.items.length > 0 ? (
            <ResourceCards
              items={shown.items}
              label={t('trainings.search.results')}
              headingLevel={headingLevel}
              itemHref={(id) => itemHref(pagePath, id)}
            />
          ) : null}
          {shown ? (
            <Pager
              page={page}
              pages={Math.ceil(shown.total / TRAININGS_PAGE_SIZE)}
              more={shown.capped}
              label={t('trainings.search.pages')}
              pageLabel={(n) => t('trainings.page', { page: n })}
              hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
            />
          ) : null}
        </>
      )}
    </>
  );
}
