import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden, useRefusedRead } from '../../kit/routing/refused-read.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { recordStats } from '../../kit/stats/record-stats.ts';
import { TextField } from '../../kit/ui/text-field.tsx';
import { htmlText } from '@platform/contracts/content/rich-text';
import { excerpt } from '@platform/contracts/publications/access';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { Pager, pageParam, RecordEngagement, TagChips, useQueryState } from '../community/index.ts';
import {
  ALL_CATEGORIES,
  Authors,
  CategoryFilter,
  Filters,
  RepositoryCards,
  useRepositoryCategories,
  useRepositoryT,
} from './repository-cards.tsx';
import {
  readRepositoryCategories,
  readRepositoryItem,
  readRepositoryItems,
  REPOSITORY_PAGE_SIZE,
  type RepositoryCategory,
} from './repository-api.ts';

const Gallery = styled.ul`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  img {
    display: block;
    width: 100%;
    height: auto;
    border-radius: 0.375rem;
  }
`;

const Detail = styled.article`
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
`;

/**
 * The repository component (seed 000 §2.8): the published repository items the reader may see, with a search
 * box, a category filter and pages, its state in the URL (`?search&category&tag&organization&page`, §2.6); at the
 * sub-route {path}/{item} one item's page in place of the list.
 */
export function RepositoryContent({
  basePath,
  itemId,
  category = null,
  headingLevel = 2,
}: {
  basePath: string;
  itemId?: string | null;
  category?: string | null;
  headingLevel?: 2 | 3;
}) {
  return itemId ? (
    <RepositoryItemPage basePath={basePath} itemId={itemId} />
  ) : (
    <RepositoryList basePath={basePath} presetCategory={category} headingLevel={headingLevel} />
  );
}

function RepositoryList({
  basePath,
  presetCategory,
  headingLevel,
}: {
  basePath: string;
  presetCategory: string | null;
  headingLevel: 2 | 3;
}) {
  const t = useRepositoryT();
  const api = useApi();
  const { params, hrefWith, update } = useQueryState();
  const search = params.get('search')?.trim() ?? '';
  const chosen = params.get('category');
  const category = chosen === ALL_CATEGORIES ? null : (chosen ?? presetCategory);
  const tag = params.get('tag');
  const organization = params.get('organization');
  const page = pageParam(params);
  const [typed, setTyped] = useState(search);

  const { categories, names } = useRepositoryCategories();
  const { state, retry } = useLoaded(
    (signal) => readRepositoryItems(api, { search, category, tag, organization, page }, signal),
    [api, search, category, tag, organization, page],
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
          <TextField type="search" label={t('repository.reader.search')} value={typed} onChange={setTyped} />
          <Button type="submit">{t('repository.reader.searchButton')}</Button>
        </form>
        <CategoryFilter
          categories={categories}
          category={category}
          presetCategory={presetCategory}
          onChange={(next) => update({ category: next })}
        />
      </Filters>
      {tag || organization ? (
        <p>
          <Link href={hrefWith({ tag: null, organization: null })}>
            {t('repository.reader.clearFilters')}
          </Link>
        </p>
      ) : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('repository.reader.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed
          message={t('repository.reader.failed')}
          retryLabel={t('repository.reader.retry')}
          onRetry={retry}
        />
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p role="status">
            {state.value.total === 0
              ? search
                ? t('repository.reader.noneFoundFor', { search })
                : t('repository.reader.noneFound')
              : search
                ? t(state.value.capped ? 'repository.reader.foundForMore' : 'repository.reader.foundFor', {
                    count: state.value.total,
                    search,
                  })
                : t(state.value.capped ? 'repository.reader.foundMore' : 'repository.reader.found', {
                    count: state.value.total,
                  })}
          </p>
          {state.value.items.length > 0 ? (
            <RepositoryCards
              items={state.value.items}
              label={t('repository.reader.list')}
              categoryNames={names}
              headingLevel={headingLevel}
              itemHref={(id) => `${basePath}/${encodeURIComponent(id)}`}
              tagHref={(tag) => hrefWith({ tag: tag.id })}
            />
          ) : null}
          <Pager
            page={page}
            pages={Math.ceil(state.value.total / REPOSITORY_PAGE_SIZE)}
            more={state.value.capped}
            label={t('repository.reader.pages')}
            pageLabel={(n) => t('repository.reader.page', { page: n })}
            hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
          />
        </>
      ) : null}
    </>
  );
}

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

function RepositoryItemPage({ basePath, itemId }: { basePath: string; itemId: string }) {
  const t = useRepositoryT();
  const intl = useIntl();
  const api = useApi();
  const { state, retry } = useLoaded(
    async (signal) => {
      const [item, categories] = await Promise.all([
        // an item above the reader's level, or not yet published, exists: the unauthorized screen, never its title
        hiddenAsForbidden(api, 'repository-items', itemId, readRepositoryItem(api, itemId, signal), signal),
        readRepositoryCategories(api, signal).catch((): RepositoryCategory[] => []),
      ]);
      return { item, categories };
    },
    [api, itemId],
  );
  const item = state.status === 'ready' ? state.value.item : null;
  usePageTitle(item?.title ?? null, item ? excerpt(null, item.description) : null);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null, 'forbidden');
  const back = (
    <p>
      <Link href={basePath || '/'}>{t('repository.reader.back')}</Link>
    </p>
  );

  if (state.status === 'loading' || refused)
    return <InlineLoader aria-label={t('repository.reader.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? t('repository.reader.notFound') : t('repository.reader.failed')}</h1>
        {missing ? null : <Button onPress={retry}>{t('repository.reader.retry')}</Button>}
        {back}
      </div>
    );
  }
  const { categories } = state.value;
  const shown = state.value.item;
  const itemCategories = categories.filter((c) => shown.categoryIds.includes(c.id));
  const listWith = (key: string, value: string) => `${basePath || '/'}?${key}=${encodeURIComponent(value)}`;
  return (
    <Detail>
      {back}
      <h1>{shown.title}</h1>
      <Authors item={shown} />
      {shown.publishedAt ? (
        <p>
          {t('repository.reader.publishedOn', {
            date: intl.formatDate(shown.publishedAt, { dateStyle: 'long' }),
          })}
        </p>
      ) : null}
      {itemCategories.length > 0 ? (
        <p>
          {t('repository.reader.categoriesLabel')}{' '}
          {itemCategories.map((c, i) => (
            <span key={c.id}>
              {i > 0 ? ', ' : null}
              <Link href={listWith('category', c.id)}>{c.name}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <TagChips
        tags={shown.tags}
        label={t('repository.reader.tags')}
        hrefOf={(tag) => listWith('tag', tag.id)}
      />
      {shown.images.length > 0 ? (
        <Gallery aria-label={t('repository.reader.images', { title: shown.title })}>
          {shown.images.map((image) => (
            <li key={image.id}>
              <img
                src={image.src ?? undefined}
                alt={image.description ?? ''}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
              />
            </li>
          ))}
        </Gallery>
      ) : null}
      <RichText html={shown.description} ugc />
      {shown.printerSettingsDescription && htmlText(shown.printerSettingsDescription) ? (
        <section aria-labelledby="repository-printer-settings">
          <h2 id="repository-printer-settings">{t('repository.reader.printerSettings')}</h2>
          <RichText html={shown.printerSettingsDescription} ugc />
        </section>
      ) : null}
      {shown.attachments.length > 0 ? (
        <section aria-labelledby="repository-attachments">
          <h2 id="repository-attachments">{t('repository.reader.attachments')}</h2>
          <ul>
            {shown.attachments.map((file) => (
              <li key={file.id}>
                <Link
                  href={file.href}
                  download={file.name}
                  onPress={() => recordStats(api, 'download', { type: 'files', id: file.id })}
                >
                  {file.size === null
                    ? t('repository.reader.download', { name: file.name })
                    : t('repository.reader.downloadSized', {
                        name: file.name,
                        size: formatSize(file.size, intl.locale),
                      })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RecordEngagement
        definition={repositoryItemResource}
        id={shown.id}
        title={shown.title}
        engagement={shown.engagement}
      />
    </Detail>
  );
}
