import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { ROUTES } from '../../kit/session/guard.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { AuthoredPublications } from './authored-publications.tsx';
import { readPublicMember, type AuthorRef } from './authors-api.ts';
import type en from './messages/en.json';

const Article = styled(PageContainer)`
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
  .about {
    max-width: 48rem;
    line-height: 1.6;
    white-space: pre-line;
  }
`;

const HEADING_ID = 'member-title';

/**
 * users.profile (seed 000 §2.2): a member's public page, /users/{user}/profile. Anybody reads it: the member's
 * name and what they wrote about themselves (never their account: the API's public profile), and what they
 * published; a member the API does not know is the not-found screen.
 */
export function UserProfileScreen() {
  const t = useT<typeof en>();
  const api = useApi();
  const { navigate } = useNavigation();
  const { user = '' } = useParams<{ user: string }>();
  const { state, retry } = useLoaded((signal) => readPublicMember(api, user, signal), [api, user]);
  const notFound =
    state.status === 'failed' && state.error instanceof ApiError && state.error.kind === 'not-found';
  const member = state.status === 'ready' ? state.value : null;
  const name = member ? member.name || t('authors.unnamed') : null;
  usePageTitle(name, null);
  const author = useMemo<AuthorRef | null>(() => (member ? { kind: 'user', id: member.id } : null), [member]);

  useEffect(() => {
    if (notFound) navigate(ROUTES.notFound, { replace: true });
  }, [notFound, navigate]);

  if (state.status === 'loading' || notFound) return <InlineLoader aria-label={t('authors.memberLoading')} />;
  if (!member || !author) {
    return (
      <PageContainer>
        <h1>{t('authors.memberLoadFailedTitle')}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('authors.memberLoadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={retry}>
              {t('authors.retry')}
            </Button>
          </p>
        </NoticeBox>
      </PageContainer>
    );
  }
  return (
    <Article as="article" aria-labelledby={HEADING_ID}>
      <h1 id={HEADING_ID}>{name}</h1>
      {member.description ? <p className="about">{member.description}</p> : null}
      <AuthoredPublications author={author} headingId="member-published" />
    </Article>
  );
}
