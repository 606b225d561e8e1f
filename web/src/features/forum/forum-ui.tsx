import { useCallback } from 'react';
import { forumSubjectMessageResource, forumSubjectResource } from '@platform/contracts/forum/records';
import { reportResource } from '@platform/contracts/content/report';
import styled from 'styled-components';
import { ApiError, isErrorCode } from '../../kit/api/errors.ts';
import { serverMessageId } from '../../kit/api/field-errors.ts';
import { may, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { useSession } from '../../kit/session/session.tsx';
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
  };
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

/** The like toggle and the way to sign in are the community's, shared by every reader of its records. */
export { LikeToggle, useSignInHref } from '../community/index.ts';
