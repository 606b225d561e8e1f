import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import {
  AUTHORED_PAGE_SIZE,
  itemHref,
  readAuthored,
  readAuthoredPage,
  type AuthoredItem,
  type AuthoredKind,
  type AuthorRef,
  type PublicationType,
} from './authors-api.ts';
import type en from './messages/en.json';

const KIND_LABELS: Record<PublicationType, keyof typeof en> = {
  articles: 'authors.kind.articles',
  'blog-posts': 'authors.kind.blogPosts',
  'calendar-events': 'authors.kind.events',
  'repository-items': 'authors.kind.repositoryItems',
};

const Kinds = styled.div`
  overflow-wrap: anywhere;
  h3 {
    font-size: 1.125rem;
    margin: 1.5rem 0 0.5rem;
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0 0 0.75rem;
  padding: 0;
  li {
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .date {
    display: block;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * What a member or an organization published (issue 21), the newest first, by kind (articles, blog posts,
 * events, repository items), each item linking to its page; only what the reader may see is listed (the layer's
 * levels in SQL), a kind whose feature is off is left out, and each kind shows more on demand. With
 * `repositoryLink`, the repository's page filtered by the organization is offered when the repository is on.
 */
export function AuthoredPublications({
  author,
  headingId,
  repositoryLink = false,
}: {
  author: AuthorRef;
  headingId: string;
  repositoryLink?: boolean;
}) {
  const t = useT<typeof en>();
  const api = useApi();
  const { state, retry } = useLoaded(
    (signal) => readAuthored(api, author, signal),
    [api, author.kind, author.id],
  );
  const heading = <h2 id={headingId}>{t('authors.published')}</h2>;
  if (state.status === 'loading')
    return (
      <section aria-labelledby={headingId}>
        {heading}
        <InlineLoader aria-label={t('authors.loading')} />
      </section>
    );
  if (state.status === 'failed')
    return (
      <section aria-labelledby={headingId}>
        {heading}
        <NoticeBox $tone="error" role="alert">
          <p>{t('authors.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={retry}>
              {t('authors.retry')}
            </Button>
          </p>
        </NoticeBox>
      </section>
    );
  const kinds = state.value.filter((k) => k.first.total > 0);
  const repository = state.value.find((k) => k.kind.type === 'repository-items');
  const repositoryHref =
    repositoryLink && author.kind === 'organization' && repository?.basePath
      ? `${repository.basePath}?organization=${encodeURIComponent(author.id)}`
      : null;
  return (
    <section aria-labelledby={headingId}>
      {heading}
      {kinds.length === 0 ? <p>{t('authors.nothing')}</p> : null}
      <Kinds>
        {kinds.map((k) => (
          <KindList key={k.kind.type} kind={k} author={author} />
        ))}
      </Kinds>
      {repositoryHref ? (
        <p>
          <Link href={repositoryHref}>{t('authors.repositoryLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}

function KindList({ kind, author }: { kind: AuthoredKind; author: AuthorRef }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  const api = useApi();
  const [items, setItems] = useState<AuthoredItem[]>(kind.first.items);
  const [total, setTotal] = useState(kind.first.total);
  const [capped, setCapped] = useState(kind.first.capped);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const id = `authored-${kind.kind.type}`;
  const label = t(KIND_LABELS[kind.kind.type]);

  const more = async () => {
    setLoading(true);
    setFailed(false);
    const shown = items.length;
    try {
      const page = await readAuthoredPage(api, kind.kind, author, Math.floor(shown / AUTHORED_PAGE_SIZE) + 1);
      if (page) {
        const known = new Set(items.map((i) => i.id));
        setItems([...items, ...page.items.filter((i) => !known.has(i.id))]);
        setTotal(page.total);
        setCapped(page.capped);
        // the reader goes on from the first item they had not seen
        requestAnimationFrame(() => list.current?.querySelectorAll('a')[shown]?.focus());
      }
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {t(capped ? 'authors.kindCountMore' : 'authors.kindCount', { kind: label, count: total })}
      </h3>
      <Items ref={list}>
        {items.map((item) => {
          const href = itemHref(kind.basePath, item.key);
          return (
            <li key={item.id}>
              {href ? <Link href={href}>{item.title}</Link> : item.title}
              {item.publishedAt ? (
                <span className="date">
                  {t('authors.publishedOn', {
                    date: intl.formatDate(item.publishedAt, { dateStyle: 'long' }),
                  })}
                </span>
              ) : null}
            </li>
          );
        })}
      </Items>
      {failed ? (
        <NoticeBox $tone="error" role="alert">
          <p>{t('authors.moreFailed')}</p>
        </NoticeBox>
      ) : null}
      {items.length < total || capped ? (
        <Button variant="secondary" size="small" onPress={() => void more()} isDisabled={loading}>
          {t('authors.more', { kind: label })}
        </Button>
      ) : null}
    </section>
  );
}
