import { articleResource, blogPostResource } from '@platform/contracts/publications/records';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden, useRefusedRead } from '../../kit/routing/refused-read.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import {
  AuthorLink,
  Pager,
  pageParam,
  RecordEngagement,
  TagChips,
  useQueryState,
} from '../community/index.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import type en from './messages/en.json';
import {
  readPublication,
  readPublications,
  type Publication,
  type PublicationType,
} from './publications-api.ts';

export type PublicationsMessages = typeof en;
const usePublicationsT = () => useT<PublicationsMessages>();

const Cards = styled.ul`
  list-style: none;
  margin: 1.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  > li {
    display: flex;
    flex-direction: column;
    min-width: 0;
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
  h2,
  h3 {
    margin: 0.5rem 0;
    font-size: 1.25rem;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: 0.375rem;
  }
  p {
    margin: 0.25rem 0;
  }
`;

const Detail = styled.article`
  overflow-wrap: anywhere;
  > img {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: 0.5rem;
    margin: 1rem 0;
  }
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
    scroll-margin-top: 5rem;
  }
  nav ol {
    padding-left: 1.25rem;
  }
`;

const LABELS = {
  articles: {
    list: 'publications.reader.articles',
    back: 'publications.reader.backToArticles',
    notFound: 'publications.reader.articleNotFound',
  },
  'blog-posts': {
    list: 'publications.reader.blogPosts',
    back: 'publications.reader.backToBlog',
    notFound: 'publications.reader.blogPostNotFound',
  },
} as const;

/**
 * The articles and blog posts components (seed 000 §2.8): the published items the reader may see, newest first,
 * filtered by an editor's category and tag or the URL's (`?page&category&tag` for articles, `?page&tag` for the
 * blog, §2.6); with `ids`, the items an editor picked, in their order. At the sub-route {path}/{key} one item's page:
 * an article in its layout, a blog post by slug or id.
 */
export function PublicationsContent({
  type,
  basePath,
  itemKey,
  category = null,
  tag = null,
  pageSize = 9,
  headingLevel = 2,
}: {
  type: PublicationType;
  basePath: string;
  itemKey?: string | null;
  category?: string | null;
  tag?: string | null;
  pageSize?: number;
  headingLevel?: 2 | 3;
}) {
  return itemKey ? (
    <PublicationPage type={type} basePath={basePath} itemKey={itemKey} />
  ) : (
    <PublicationList
      type={type}
      basePath={basePath}
      presetCategory={category}
      presetTag={tag}
      pageSize={pageSize}
      headingLevel={headingLevel}
    />
  );
}

function PublishedOn({ at }: { at: string | null }) {
  const t = usePublicationsT();
  const intl = useIntl();
  if (!at) return null;
  return <p>{t('publications.reader.publishedOn', { date: intl.formatDate(at, { dateStyle: 'long' }) })}</p>;
}

/** "By" its author, linking to their page; an item of no named author shows its organization, if any. */
function Byline({ item }: { item: Publication }) {
  const t = usePublicationsT();
  if (item.author)
    return (
      <p>
        {t('publications.reader.byLabel')}{' '}
        <AuthorLink author={item.author} organization={item.organization} />
      </p>
    );
  if (!item.organization) return null;
  return (
    <p>
      {t('publications.reader.byLabel')}{' '}
      <Link href={`/organizations/${encodeURIComponent(item.organization.key)}`}>
        {item.organization.name}
      </Link>
    </p>
  );
}

function PublicationList({
  type,
  basePath,
  presetCategory,
  presetTag,
  pageSize,
  headingLevel,
}: {
  type: PublicationType;
  basePath: string;
  presetCategory: string | null;
  presetTag: string | null;
  pageSize: number;
  headingLevel: 2 | 3;
}) {
  const t = usePublicationsT();
  const api = useApi();
  const { params, hrefWith } = useQueryState();
  const category = type === 'articles' ? (params.get('category') ?? presetCategory) : null;
  const tag = params.get('tag') ?? presetTag;
  const page = pageParam(params);
  const { state, retry } = useLoaded(
    (signal) => readPublications(api, type, { category, tag, page, pageSize }, signal),
    [api, type, category, tag, page, pageSize],
    { keep: true },
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const filtered = params.has('tag') || params.has('category');

  if (state.status === 'loading') return <InlineLoader aria-label={t('publications.reader.loading')} />;
  if (state.status === 'failed')
    return (
      <div>
        <p>{t('publications.reader.failed')}</p>
        <Button onPress={retry}>{t('publications.reader.retry')}</Button>
      </div>
    );
  const { items, total, capped } = state.value;
  return (
    <>
      {filtered ? (
        <p>
          <Link href={hrefWith({ tag: null, category: null })}>{t('publications.reader.clearFilters')}</Link>
        </p>
      ) : null}
      {items.length === 0 ? <p>{t('publications.reader.empty')}</p> : null}
      {items.length > 0 ? (
        <Cards aria-label={t(LABELS[type].list)}>
          {items.map((item) => (
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
              <Heading>
                <Link href={`${basePath}/${encodeURIComponent(item.key)}`}>{item.title}</Link>
              </Heading>
              <PublishedOn at={item.publishedAt} />
              <Byline item={item} />
              {item.excerpt ? <p>{item.excerpt}</p> : null}
              <TagChips
                tags={item.tags}
                label={t('publications.reader.tagsOf', { title: item.title })}
                hrefOf={(chip) => hrefWith({ tag: chip.id })}
              />
            </li>
          ))}
        </Cards>
      ) : null}
      <Pager
        page={page}
        pages={Math.ceil(total / pageSize)}
        more={capped}
        label={t('publications.reader.pages')}
        pageLabel={(n) => t('publications.reader.page', { page: n })}
        hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
      />
    </>
  );
}

function PublicationPage({
  type,
  basePath,
  itemKey,
}: {
  type: PublicationType;
  basePath: string;
  itemKey: string;
}) {
  const t = usePublicationsT();
  const api = useApi();
  const { state, retry } = useLoaded(
    // an item above the reader's level, or not yet published, exists: the unauthorized screen, never its title
    (signal) => hiddenAsForbidden(api, type, itemKey, readPublication(api, type, itemKey, signal), signal),
    [api, type, itemKey],
  );
  const item = state.status === 'ready' ? state.value : null;
  usePageTitle(item?.title ?? null, item?.excerpt || null);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null, 'forbidden');
  const back = (
    <p>
      <Link href={basePath || '/'}>{t(LABELS[type].back)}</Link>
    </p>
  );
  if (state.status === 'loading' || refused)
    return <InlineLoader aria-label={t('publications.reader.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? t(LABELS[type].notFound) : t('publications.reader.failed')}</h1>
        {missing ? null : <Button onPress={retry}>{t('publications.reader.retry')}</Button>}
        {back}
      </div>
    );
  }
  const shown = state.value;
  const listWith = (key: string, value: string) => `${basePath || '/'}?${key}=${encodeURIComponent(value)}`;
  return (
    <Detail>
      {back}
      <h1>{shown.title}</h1>
      <PublishedOn at={shown.publishedAt} />
      <Byline item={shown} />
      <TagChips
        tags={shown.tags}
        label={t('publications.reader.tags')}
        hrefOf={(chip) => listWith('tag', chip.id)}
      />
      {shown.image?.src ? (
        <img
          src={shown.image.src}
          alt={shown.image.description ?? ''}
          width={shown.image.width ?? undefined}
          height={shown.image.height ?? undefined}
        />
      ) : null}
      {type === 'articles' ? <ArticleBody article={shown} /> : <RichText html={shown.content} ugc />}
      {shown.source ? <p>{t('publications.reader.source', { source: shown.source })}</p> : null}
      {shown.externalUrl ? (
        <p>
          <Link href={shown.externalUrl} external>
            {t('publications.reader.externalLink')}
          </Link>
        </p>
      ) : null}
      <RecordEngagement
        definition={type === 'articles' ? articleResource : blogPostResource}
        id={shown.id}
        title={shown.title}
        engagement={shown.engagement}
      />
    </Detail>
  );
}

const sectionAnchor = (id: string) => `section-${id}`;

/**
 * An article's sections in its layout (seed 001 §4, R1): `simple` all of them; `pagination` (the default) one per
 * `?page=n`, with a pager; `navigation` all of them after a table of contents linking to each.
 */
function ArticleBody({ article }: { article: Publication }) {
  const t = usePublicationsT();
  const { params, hrefWith } = useQueryState();
  const { sections } = article;
  if (sections.length === 0) return null;
  const section = (s: (typeof sections)[number]) => (
    <section key={s.id} aria-labelledby={sectionAnchor(s.id)}>
      <h2 id={sectionAnchor(s.id)} tabIndex={-1}>
        {s.title}
      </h2>
      <RichText html={s.content} ugc />
    </section>
  );
  if (article.layout === 'simple') return <>{sections.map(section)}</>;
  if (article.layout === 'navigation')
    return (
      <>
        <nav aria-label={t('publications.reader.contents')}>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${sectionAnchor(s.id)}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map(section)}
      </>
    );
  const page = Math.min(pageParam(params), sections.length);
  return (
    <>
      <p>{t('publications.reader.sectionOf', { page, pages: sections.length })}</p>
      {section(sections[page - 1]!)}
      <Pager
        page={page}
        pages={sections.length}
        label={t('publications.reader.sections')}
        pageLabel={(n) => t('publications.reader.sectionPage', { page: n, title: sections[n - 1]!.title })}
        hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
      />
    </>
  );
}
