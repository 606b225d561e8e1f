import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { readLikes, unlikeRecord, type LikeView } from './likes-api.ts';
import type en from './messages/en.json';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const Item = styled.li<{ $available: boolean }>`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: 1.125rem;
    font-weight: 600;
    color: ${({ theme, $available }) => ($available ? theme.colors.text : theme.colors.textMuted)};
    font-style: ${({ $available }) => ($available ? 'normal' : 'italic')};
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  p {
    margin: 0;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
`;

type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; likes: LikeView[]; total: number; totalPages: number };

const titleId = (id: string) => `like-${id}-title`;

/**
 * /account/profile/likes (seed 001 §2, §3 like): what the member liked, newest first, each with the date and an
 * "Unlike" action. A record the member can no longer read (removed, unpublished, its access changed) stays in the
 * list without its name: the server no longer tells it, and the member still sees that a like is there.
 */
export function LikesScreen() {
  const t = useT<typeof en>();
  const intl = useIntl();
  const api = useApi();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [removing, setRemoving] = useState<string | null>(null);
  /** where focus goes once the list shows the removal: the next like's name, else the page's heading */
  const focusAfterRemoval = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('likes.title'));

  const load = useCallback(
    async (minPosition?: string, signal?: AbortSignal) => {
      try {
        const answer = await readLikes(api, page, minPosition, signal);
        if (signal?.aborted) return;
        // the last like of the last page was removed: show the page before it
        if (answer.likes.length === 0 && page > 1 && page > answer.totalPages) {
          setPage(answer.totalPages);
          return;
        }
        setState({ status: 'ready', ...answer });
      } catch {
        if (!signal?.aborted) setState({ status: 'failed' });
      }
    },
    [api, page],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (state.status !== 'ready' || focusAfterRemoval.current === null) return;
    const target = document.getElementById(focusAfterRemoval.current);
    focusAfterRemoval.current = null;
    (target ?? heading.current)?.focus();
  }, [state]);

  const unlike = async (like: LikeView, next: LikeView | undefined) => {
    setRemoving(like.id);
    try {
      const position = await unlikeRecord(api, like.record.type, like.record.id);
      focusAfterRemoval.current = next ? titleId(next.id) : '';
      await load(position);
      toast(t('likes.unliked', { title: like.record.title ?? t('likes.unavailable') }), 'success');
    } catch {
      toast(t('likes.unlikeFailed'), 'error');
    } finally {
      setRemoving(null);
    }
  };

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  return (
    <PageContainer>
      <h1 ref={heading} tabIndex={-1}>
        {t('likes.title')}
      </h1>
      {state.status === 'ready' && state.total > 0 ? (
        <Lead>{t('likes.count', { count: state.total })}</Lead>
      ) : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('likes.loading')} /> : null}
      {state.status === 'failed' ? (
        <NoticeBox $tone="error" role="alert">
          <p>{t('likes.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => void load()}>
              {t('likes.retry')}
            </Button>
          </p>
        </NoticeBox>
      ) : null}
      {state.status === 'ready' && state.likes.length === 0 ? <p>{t('likes.none')}</p> : null}
      {state.status === 'ready' && state.likes.length > 0 ? (
        <List aria-label={t('likes.listLabel')}>
          {state.likes.map((like, index, likes) => {
            const available = like.record.title !== null;
            return (
              <Item key={like.id} $available={available}>
                <h2 id={titleId(like.id)} tabIndex={-1}>
                  {like.record.title ?? t('likes.unavailable')}
                </h2>
                <p className="meta">
                  <time dateTime={like.likedAt}>{t('likes.likedOn', { date: date(like.likedAt) })}</time>
                </p>
                {available ? (
                  <div className="actions">
                    <Button
                      variant="secondary"
                      size="small"
                      aria-describedby={titleId(like.id)}
                      isPending={removing === like.id}
                      isDisabled={removing !== null && removing !== like.id}
                      onPress={() => void unlike(like, likes[index + 1] ?? likes[index - 1])}
                    >
                      {t('likes.unlike')}
                    </Button>
                  </div>
                ) : (
                  <p className="meta">{t('likes.unavailableDetail')}</p>
                )}
              </Item>
            );
          })}
        </List>
      ) : null}
      {state.status === 'ready' && state.totalPages > 1 ? (
        <ActionRow as="nav" aria-label={t('likes.pages')}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
            {t('likes.previous')}
          </Button>
          <span aria-live="polite">{t('likes.pageOf', { page, pages: state.totalPages })}</span>
          <Button
            variant="secondary"
            isDisabled={page >= state.totalPages}
            onPress={() => setPage((p) => p + 1)}
          >
            {t('likes.next')}
          </Button>
        </ActionRow>
      ) : null}
    </PageContainer>
  );
}
