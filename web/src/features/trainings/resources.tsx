import { useState, type FormEvent } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { Pager, pageParam, useQueryState } from '../community/index.ts';
import { ResourcePage } from './resource-page.tsx';
import { ReviewPage } from './review-page.tsx';
import { readPickedResources, readTrainingResources, TRAININGS_PAGE_SIZE } from './trainings-api.ts';
import {
  ALL,
  Filters,
  ReferenceFilter,
  ResourceCards,
  useReferenceLists,
  useThemeOptions,
  useTrainingsT,
} from './trainings-ui.tsx';

const REVIEWS_SEGMENT = 'reviews/';

/**
 * The training resources component (seed 000 §2.8) and the selected resources: the published resources the reader
 * may see, with a search box, theme, type and tag filters and pages, the state in the URL
 * (`?search&theme&type&tag&page`), or the resources an editor picked, in their order; at the sub-routes (§2.6)
 * {path}/{resource} a resource's page and {path}/reviews/{review} a review's, in place of the list.
 */
export function TrainingResourcesContent({
  basePath,
  segment,
  theme = null,
  ids,
  headingLevel = 2,
}: {
  basePath: string;
  segment: string | null;
  theme?: string | null;
  ids?: readonly string[];
  headingLevel?: 2 | 3;
}) {
  if (segment?.startsWith(REVIEWS_SEGMENT))
    return <ReviewPage basePath={basePath} reviewId={segment.slice(REVIEWS_SEGMENT.length)} />;
  if (segment) return <ResourcePage basePath={basePath} resourceId={segment} />;
  if (ids) return <PickedResources basePath={basePath} ids={ids} headingLevel={headingLevel} />;
  return <ResourceList basePath={basePath} presetTheme={theme} headingLevel={headingLevel} />;
}

const itemHrefUnder = (basePath: string) => (id: string) => `${basePath}/${encodeURIComponent(id)}`;

function ResourceList({
  basePath,
  presetTheme,
  headingLevel,
}: {
  basePath: string;
  presetTheme: string | null;
  headingLevel: 2 | 3;
}) {
  const t = useTrainingsT();
  const api = useApi();
  const { params, hrefWith, update } = useQueryState();
  const search = params.get('search')?.trim() ?? '';
  const chosenTheme = params.get('theme');
  const theme = chosenTheme === ALL ? null : (chosenTheme ?? presetTheme);
  const type = params.get('type');
  const tag = params.get('tag');
  const page = pageParam(params);
  const [typed, setTyped] = useState(search);
  const { themes, types } = useReferenceLists();
  const themeOptions = useThemeOptions(themes);
  const { state, retry } = useLoaded(
    (signal) => readTrainingResources(api, { search, theme, type, tag, page }, signal),
    [api, search, theme, type, tag, page],
    { keep: true },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: typed.trim() || null });
  };

  return (
    <>
      <Filters>
        <form role="search" onSubmit={submit}>
          <TextField
            type="search"
            label={t('trainings.resources.search')}
            value={typed}
            onChange={setTyped}
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
        <ReferenceFilter
          label={t('trainings.resources.type')}
          allLabel={t('trainings.resources.allTypes')}
          options={types.map((x) => ({ id: x.id, label: x.name }))}
          value={type}
          onChange={(next) => update({ type: next })}
        />
      </Filters>
      {tag ? (
        <p>
          <Link href={hrefWith({ tag: null })}>{t('trainings.resources.everyTag')}</Link>
        </p>
      ) : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('trainings.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed message={t('trainings.failed')} retryLabel={t('trainings.retry')} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p role="status">
            {state.value.total === 0
              ? search
                ? t('trainings.resources.noneFoundFor', { search })
                : t('trainings.resources.noneFound')
              : search
                ? t(
                    state.value.capped ? 'trainings.resources.foundForMore' : 'trainings.resources.foundFor',
                    {
                      count: state.value.total,
                      search,
                    },
                  )
                : t(state.value.capped ? 'trainings.resources.foundMore' : 'trainings.resources.found', {
                    count: state.value.total,
                  })}
          </p>
          {state.value.items.length > 0 ? (
            <ResourceCards
              items={state.value.items}
              label={t('trainings.resources.list')}
              headingLevel={headingLevel}
              itemHref={itemHrefUnder(basePath)}
              tagHref={(chip) => hrefWith({ tag: chip.id })}
            />
          ) : null}
          <Pager
            page={page}
            pages={Math.ceil(state.value.total / TRAININGS_PAGE_SIZE)}
            more={state.value.capped}
            label={t('trainings.resources.pages')}
            pageLabel={(n) => t('trainings.page', { page: n })}
            hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
          />
        </>
      ) : null}
    </>
  );
}

function PickedResources({
  basePath,
  ids,
  headingLevel,
}: {
  basePath: string;
  ids: readonly string[];
  headingLevel: 2 | 3;
}) {
  const t = useTrainingsT();
  const api = useApi();
  const key = ids.join(',');
  const { state, retry } = useLoaded((signal) => readPickedResources(api, ids, signal), [api, key]);
  if (state.status === 'loading') return <InlineLoader aria-label={t('trainings.loading')} />;
  if (state.status === 'failed')
    return <LoadFailed message={t('trainings.failed')} retryLabel={t('trainings.retry')} onRetry={retry} />;
  if (state.value.items.length === 0) return <p>{t('trainings.resources.noneFound')}</p>;
  return (
    <ResourceCards
      items={state.value.items}
      label={t('trainings.resources.list')}
      headingLevel={headingLevel}
      itemHref={itemHrefUnder(basePath)}
    />
  );
}
