import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { Pager, pageParam, TagChips, useQueryState } from '../community/index.ts';
import {
  ANONYMOUS,
  readForumCategories,
  readForumSubjects,
  SUBJECTS_PAGE_SIZE,
  type ForumCategory,
  type ForumSubject,
} from './forum-api.ts';
import { Meta, useForumT, useForumViewer, useSignInHref } from './forum-ui.tsx';

/** `?category=all` undoes the category an editor preset on the component. */
const ALL = 'all';

/** The categories beside the subjects where there is room, above them where there is not. */
const Layout = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1.5rem;
  align-items: flex-start;
  > nav {
    flex: 1 1 14rem;
    min-width: 0;
  }
  > div {
    flex: 999 1 24rem;
    min-width: 0;
  }
`;

const Categories = styled.nav`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  ul ul {
    padding-left: 1rem;
  }
  li {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  a {
    display: inline-block;
    padding: 0.25rem 0;
  }
  [aria-current='page'] {
    font-weight: 700;
  }
  .parent {
    font-weight: 600;
  }
`;

const Subjects = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    min-width: 0;
    padding: 0.75rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
  h2,
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.125rem;
  }
  .pin {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * The forum's front (seed 001 §2, §3): its categories to filter by (`?category`), the tag filter (`?tag`), and a
 * page of subjects, the pinned ones first, each with its counts of messages and likes and its latest message.
 */
export function ForumList({
  basePath,
  presetCategory,
  headingLevel,
}: {
  basePath: string;
  presetCategory: string | null;
  headingLevel: 2 | 3;
}) {
  const t = useForumT();
  const intl = useIntl();
  const api = useApi();
  const viewer = useForumViewer();
  const signInHref = useSignInHref();
  const { params, hrefWith } = useQueryState();
  const chosen = params.get('category');
  const category = chosen === ALL ? null : (chosen ?? presetCategory);
  const tag = params.get('tag');
  const page = pageParam(params);
  const categories = useLoaded(
    (signal) => readForumCategories(api, signal).catch((): ForumCategory[] => []),
    [api],
  );
  const { state, retry } = useLoaded(
    (signal) => readForumSubjects(api, { category, tag, page }, { signal }),
    [api, category, tag, page],
    { keep: true },
  );
  const known = categories.state.status === 'ready' ? categories.state.value : [];
  const chosenCategory = known.find((c) => c.id === category) ?? null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const subjectHref = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
  const categoryHref = (id: string | null) =>
    hrefWith({ category: id ?? (presetCategory ? ALL : null), tag: null });
  const author = (name: string) => (name === ANONYMOUS ? t('forum.anonymous') : name);
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  const categoryLink = (c: ForumCategory) => (
    <Link href={categoryHref(c.id)} aria-current={c.id === category ? 'page' : undefined}>
      {c.subjectsCount === null
        ? c.name
        : t('forum.categories.withCount', { name: c.name, count: c.subjectsCount })}
    </Link>
  );
  const roots = known.filter((c) => !c.parentId || !known.some((p) => p.id === c.parentId));
  const childrenOf = (id: string) => known.filter((c) => c.parentId === id);

  const pinned = (s: ForumSubject) => (category ? s.pinnedOnCategoryAt : s.pinnedOnHomeAt) !== null;

  return (
    <>
      {viewer.mayCreateSubject ? (
        <p>
          <ButtonLink
            href={`${basePath}/create${category ? `?category=${encodeURIComponent(category)}` : ''}`}
          >
            {t('forum.create.open')}
          </ButtonLink>
        </p>
      ) : (
        <p>
          <Link href={signInHref}>{t('forum.signInToWrite')}</Link>
        </p>
      )}
      <Layout>
        {known.length > 0 ? (
          <Categories aria-label={t('forum.categories.label')}>
            <ul>
              <li>
                <Link href={categoryHref(null)} aria-current={category === null ? 'page' : undefined}>
                  {t('forum.categories.all')}
                </Link>
              </li>
              {roots.map((c) => {
                const children = childrenOf(c.id);
                return (
                  <li key={c.id}>
                    {c.isParent && children.length > 0 ? (
                      <span className="parent">{c.name}</span>
                    ) : (
                      categoryLink(c)
                    )}
                    {children.length > 0 ? (
                      <ul>
                        {children.map((child) => (
                          <li key={child.id}>{categoryLink(child)}</li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </Categories>
        ) : null}
        <div>
          {chosenCategory?.shortDescription ? <p>{chosenCategory.shortDescription}</p> : null}
          {tag ? (
            <p>
              <Link href={hrefWith({ tag: null })}>{t('forum.clearTag')}</Link>
            </p>
          ) : null}
          {state.status === 'loading' ? <InlineLoader aria-label={t('forum.loading')} /> : null}
          {state.status === 'failed' ? (
            <div>
              <p>{t('forum.failed')}</p>
              <Button onPress={retry}>{t('forum.retry')}</Button>
            </div>
          ) : null}
          {state.status === 'ready' ? (
            <>
              <p role="status">
                {state.value.total === 0
                  ? t('forum.subjects.none')
                  : chosenCategory
                    ? t(state.value.capped ? 'forum.subjects.foundInMore' : 'forum.subjects.foundIn', {
                        count: state.value.total,
                        name: chosenCategory.name,
                      })
                    : t(state.value.capped ? 'forum.subjects.foundMore' : 'forum.subjects.found', {
                        count: state.value.total,
                      })}
              </p>
              {state.value.subjects.length > 0 ? (
                <Subjects aria-label={t('forum.subjects.list')}>
                  {state.value.subjects.map((s) => (
                    <li key={s.id}>
                      {pinned(s) ? <Meta className="pin">{t('forum.subjects.pinned')}</Meta> : null}
                      <Heading>
                        <Link href={subjectHref(s.id)}>{s.title}</Link>
                      </Heading>
                      <Meta>
                        {t('forum.subjects.counts', { messages: s.messagesCount, likes: s.likesCount })}
                      </Meta>
                      {s.latestMessage ? (
                        <Meta>
                          {s.latestMessage.createdAt
                            ? t('forum.subjects.latest', {
                                author: author(s.latestMessage.authorName),
                                date: when(s.latestMessage.createdAt),
                              })
                            : t('forum.subjects.latestBy', { author: author(s.latestMessage.authorName) })}
                        </Meta>
                      ) : null}
                      <TagChips
                        tags={s.tags}
                        label={t('forum.tagsOf', { title: s.title })}
                        hrefOf={(chip) => hrefWith({ tag: chip.id })}
                      />
                    </li>
                  ))}
                </Subjects>
              ) : null}
              <Pager
                page={page}
                pages={Math.ceil(state.value.total / SUBJECTS_PAGE_SIZE)}
                more={state.value.capped}
                label={t('forum.pages')}
                pageLabel={(n) => t('forum.page', { page: n })}
                hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
              />
            </>
          ) : null}
        </div>
      </Layout>
    </>
  );
}
