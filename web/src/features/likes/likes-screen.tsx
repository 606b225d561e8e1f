import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { MemberListItem, PagedList, usePagedRead } from '../../kit/loading/paged-list.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { readLikes, unlikeRecord, type LikeView } from './likes-api.ts';
import type en from './messages/en.json';

const Item = styled(MemberListItem)<{ $available: boolean }>`
  h2 {
    font-weight: 600;
    color: ${({ theme, $available }) => ($available ? theme.colors.text : theme.colors.textMuted)};
    font-style: ${({ $available }) => ($available ? 'normal' : 'italic')};
  }
`;

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
  const [removing, setRemoving] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('likes.title'));
  const read = usePagedRead(
    ({ page, signal, minPosition }) =>
      readLikes(api, page, minPosition, signal).then((answer) => ({ ...answer, items: answer.likes })),
    [api],
  );

  const unlike = async (like: LikeView, next: LikeView | undefined) => {
    setRemoving(like.id);
    try {
      const position = await unlikeRecord(api, like.record.type, like.record.id);
      await read.reload(position);
      // focus continues from the next like's name, else the page's heading
      ((next && document.getElementById(titleId(next.id))) || heading.current)?.focus();
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
      {read.state.status === 'ready' && read.state.value.total > 0 ? (
        <Lead>{t('likes.count', { count: read.state.value.total })}</Lead>
      ) : null}
      <PagedList
        read={read}
        words={{
          loading: t('likes.loading'),
          loadFailed: t('likes.loadFailed'),
          retry: t('likes.retry'),
          empty: t('likes.none'),
          list: t('likes.listLabel'),
          pages: t('likes.pages'),
          previous: t('likes.previous'),
          next: t('likes.next'),
          position: (page, pages) => t('likes.pageOf', { page, pages }),
        }}
        item={(like, index, likes) => {
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
        }}
      />
    </PageContainer>
  );
}
