import { useCallback, useRef, useState } from 'react';
import { forumSubjectMessageResource, forumSubjectResource } from '@platform/contracts/forum/records';
import { reportResource } from '@platform/contracts/content/report';
import { useLocation, useSearch } from 'wouter';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError, isErrorCode } from '../../kit/api/errors.ts';
import { serverMessageId } from '../../kit/api/field-errors.ts';
import { may, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { FEATURES } from '../../kit/build-info.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { ROUTES } from '../../kit/session/guard.ts';
import { useSession } from '../../kit/session/session.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { setLiked } from './forum-api.ts';
import type en from './messages/en.json';

export type ForumMessages = typeof en;
export const useForumT = () => useT<ForumMessages>();

/**
 * What the viewer may do in the forum, from the records' access rules (contracts/src/forum/records.ts, the same
 * the server asks) over the signed-in user's facts; what a rule cannot know (a subject limited to administrators)
 * the server answers, and the screens show its answer.
 */
export function useForumViewer() {
  const session = useSession();
  const facts = viewerFacts(session.user);
  return {
    signedIn: session.user !== null,
    mayCreateSubject: may(forumSubjectResource, 'create', facts),
    mayWriteMessage: may(forumSubjectMessageResource, 'create', facts),
    mayReport: may(reportResource, 'create', facts),
    mayLike: session.user !== null && FEATURES.likes,
  };
}

/** Where a visitor signs in to come back here. */
export function useSignInHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return `${ROUTES.signIn}?redirectUrl=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

/**
 * A refused write as one sentence: the translation of the server's code when there is one (a subject limited to
 * administrators), else what the kind of refusal means. The shell has already shown its dialog for a network
 * failure, an expired session or a server error.
 */
export function useProblemText() {
  const t = useForumT();
  const lookup = useMessageLookup();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          const known = isErrorCode(e.code) ? lookup(serverMessageId(e.code)) : undefined;
          if (known) return known;
        }
        if (error.kind === 'forbidden') return t('forum.error.forbidden');
        if (error.kind === 'not-found') return t('forum.error.gone');
      }
      return t('forum.error.failed');
    },
    [t, lookup],
  );
}

export const Meta = styled.p`
  margin: 0.25rem 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin-top: 0.5rem;
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A like of a subject or a message: a toggle button (aria-pressed) for a signed-in member when the likes feature
 * is on, beside the count, which changes with it; the count alone for the others.
 */
export function LikeToggle({
  type,
  id,
  liked: initialLiked,
  count: initialCount,
  label,
}: {
  type: 'forum-subjects' | 'forum-subject-messages';
  id: string;
  liked: boolean | null;
  count: number;
  /** the button's accessible name, starting with its visible "Like" */
  label: string;
}) {
  const t = useForumT();
  const api = useApi();
  const toast = useToast();
  const problem = useProblemText();
  const { mayLike } = useForumViewer();
  const [state, setState] = useState({ liked: initialLiked === true, count: initialCount });
  const busy = useRef(false);
  const countText = t('forum.likes.count', { count: state.count });
  if (!mayLike || initialLiked === null) return <Count>{countText}</Count>;
  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    const like = !state.liked;
    try {
      await setLiked(api, type, id, like);
      setState((s) => ({ liked: like, count: Math.max(0, s.count + (like ? 1 : -1)) }));
    } catch (error) {
      toast(problem(error), 'error');
    } finally {
      busy.current = false;
    }
  };
  return (
    <span>
      <Button variant="secondary" size="small" aria-pressed={state.liked} aria-label={label} onPress={toggle}>
        {t('forum.likes.like')}
      </Button>{' '}
      <Count>{countText}</Count>
    </span>
  );
}
