import { useCallback, useRef, useState } from 'react';
import { commentResource } from '@platform/contracts/content/comment';
import { reportResource } from '@platform/contracts/content/report';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
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
import { setLiked } from './community-api.ts';
import type en from './messages/en.json';

export type CommunityMessages = typeof en;
export const useCommunityT = () => useT<CommunityMessages>();

/**
 * What the viewer may do on the records members like, report and comment, from the records' access rules in
 * contracts (the same the server asks) over the signed-in user's facts. Whether comments are open on one record
 * is the server's answer (its `canComment`), which the screens read from the record's document.
 */
export function useCommunityViewer() {
  const session = useSession();
  const facts = viewerFacts(session.user);
  return {
    signedIn: session.user !== null,
    mayReport: may(reportResource, 'create', facts),
    mayLike: session.user !== null && FEATURES.likes,
    mayComment: FEATURES.comments && may(commentResource, 'create', facts),
  };
}

/** Where a visitor signs in to come back here. */
export function useSignInHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return `${ROUTES.signIn}?redirectUrl=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

/**
 * A refused write as one sentence: the translation of the server's code when there is one (comments disabled on
 * the record), else what the kind of refusal means. The shell has already shown its dialog for a network failure,
 * an expired session or a server error.
 */
export function useCommunityProblemText() {
  const t = useCommunityT();
  const lookup = useMessageLookup();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          const known = isErrorCode(e.code) ? lookup(serverMessageId(e.code)) : undefined;
          if (known) return known;
        }
        if (error.kind === 'forbidden') return t('community.error.forbidden');
        if (error.kind === 'not-found') return t('community.error.gone');
      }
      return t('community.error.failed');
    },
    [t, lookup],
  );
}

export const CommunityActions = styled.div`
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
 * A like of a record of a likable type: a toggle button (aria-pressed) for a signed-in member when the likes
 * feature is on and the document says whether the viewer likes it (`likedByViewer`), beside the count, which
 * changes with it; the count alone for the others.
 */
export function LikeToggle<Type extends string>({
  type,
  id,
  liked: initialLiked,
  count: initialCount,
  label,
}: {
  type: Type;
  id: string;
  /** the document's likedByViewer; null when it carries none (a visitor, the likes feature off) */
  liked: boolean | null;
  count: number;
  /** the button's accessible name, starting with its visible "Like" */
  label: string;
}) {
  const t = useCommunityT();
  const api = useApi();
  const toast = useToast();
  const problem = useCommunityProblemText();
  const { mayLike } = useCommunityViewer();
  const [state, setState] = useState({ liked: initialLiked === true, count: initialCount });
  const busy = useRef(false);
  const countText = t('community.like.count', { count: state.count });
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
        {t('community.like.button')}
      </Button>{' '}
      <Count>{countText}</Count>
    </span>
  );
}
