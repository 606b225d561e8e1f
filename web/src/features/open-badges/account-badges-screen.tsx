import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { readMyBadges, type MyBadgeView } from './assertions-api.ts';
import { assertionPagePath } from './paths.ts';
import { useOpenBadgesT } from './training-ui.tsx';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 1.5rem;
  align-items: flex-start;
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    width: 6rem;
    height: 6rem;
    object-fit: contain;
    flex: none;
  }
  .body {
    flex: 1 1 16rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 0.5rem;
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.25rem 1rem;
    margin: 0 0 0.75rem;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
`;

type Standing = 'valid' | 'expired' | 'revoked';

/** The standing's colour as a border and a dot, its name as text (never the colour alone). */
const StandingTag = styled.span<{ $standing: Standing }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.125rem 0.625rem;
  border: 2px solid
    ${({ theme, $standing }) =>
      theme.colors[$standing === 'valid' ? 'success' : $standing === 'expired' ? 'warning' : 'error']};
  border-radius: 1rem;
  font-weight: 600;
  white-space: nowrap;
  &::before {
    content: '';
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 50%;
    background: ${({ theme, $standing }) =>
      theme.colors[$standing === 'valid' ? 'success' : $standing === 'expired' ? 'warning' : 'error']};
  }
`;

const standingOf = (badge: MyBadgeView): Standing =>
  badge.revoked ? 'revoked' : badge.expired ? 'expired' : 'valid';

const titleId = (id: string) => `my-badge-${id}-title`;

/**
 * /account/profile/open-badges (seed 000 §2.1, issue 20): the badges awarded to the member, newest first, each
 * with its image, issuer, dates and standing (valid, expired, revoked with its reason), its public page, and the
 * two files a member keeps or hands on: the badge image baked with the assertion (Open Badges 2.0) and the signed
 * credential (Open Badges 3.0).
 */
export function AccountBadgesScreen() {
  const t = useOpenBadgesT();
  const intl = useIntl();
  const api = useApi();
  const [page, setPage] = useState(1);
  const { state, retry } = useLoaded((signal) => readMyBadges(api, page, signal), [api, page], {
    keep: true,
  });
  usePageTitle(t('openBadges.account.title'));
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });

  return (
    <PageContainer>
      <h1>{t('openBadges.account.title')}</h1>
      {state.status === 'ready' && state.value.total > 0 ? (
        <Lead>{t('openBadges.account.count', { count: state.value.total })}</Lead>
      ) : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('openBadges.account.loading')} /> : null}
      {state.status === 'failed' ? (
        <NoticeBox $tone="error" role="alert">
          <p>{t('openBadges.account.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={retry}>
              {t('openBadges.retry')}
            </Button>
          </p>
        </NoticeBox>
      ) : null}
      {state.status === 'ready' && state.value.badges.length === 0 ? (
        <p>{t('openBadges.account.none')}</p>
      ) : null}
      {state.status === 'ready' && state.value.badges.length > 0 ? (
        <List aria-label={t('openBadges.account.listLabel')}>
          {state.value.badges.map((badge) => {
            const standing = standingOf(badge);
            const title = badge.title ?? t('openBadges.account.untitled');
            return (
              <Item key={badge.id}>
                {/* the title beside it names the badge: the image adds nothing to read */}
                {badge.imageSrc ? <img src={badge.imageSrc} alt="" width={96} height={96} /> : null}
                <div className="body">
                  <h2 id={titleId(badge.id)}>{title}</h2>
                  {badge.issuerName ? <p>{t('openBadges.issuer', { issuer: badge.issuerName })}</p> : null}
                  <p>
                    <StandingTag $standing={standing}>
                      {t(`openBadges.account.standing.${standing}`)}
                    </StandingTag>
                  </p>
                  {standing === 'revoked' && badge.revocationReason ? (
                    <p>{t('openBadges.account.revocationReason', { reason: badge.revocationReason })}</p>
                  ) : null}
                  <dl>
                    {badge.issuedAt ? (
                      <>
                        <dt>{t('openBadges.account.issuedAt')}</dt>
                        <dd>
                          <time dateTime={badge.issuedAt}>{date(badge.issuedAt)}</time>
                        </dd>
                      </>
                    ) : null}
                    <dt>
                      {standing === 'expired'
                        ? t('openBadges.account.expiredAt')
                        : t('openBadges.account.expiresAt')}
                    </dt>
                    <dd>
                      {badge.expiresAt ? (
                        <time dateTime={badge.expiresAt}>{date(badge.expiresAt)}</time>
                      ) : (
                        t('openBadges.account.never')
                      )}
                    </dd>
                    {badge.revokedAt ? (
                      <>
                        <dt>{t('openBadges.account.revokedAt')}</dt>
                        <dd>
                          <time dateTime={badge.revokedAt}>{date(badge.revokedAt)}</time>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="actions">
                    <Link href={assertionPagePath(badge.id)} aria-describedby={titleId(badge.id)}>
                      {t('openBadges.account.publicPage')}
                    </Link>
                    <ButtonLink
                      variant="secondary"
                      size="small"
                      href={badge.bakedImageHref}
                      download={`open-badge-${badge.id}.png`}
                      aria-describedby={titleId(badge.id)}
                    >
                      {t('openBadges.account.downloadImage')}
                    </ButtonLink>
                    <ButtonLink
                      variant="secondary"
                      size="small"
                      href={badge.credentialHref}
                      download={`open-badge-${badge.id}.json`}
                      aria-describedby={titleId(badge.id)}
                    >
                      {t('openBadges.account.downloadCredential')}
                    </ButtonLink>
                  </div>
                </div>
              </Item>
            );
          })}
        </List>
      ) : null}
      {state.status === 'ready' && state.value.totalPages > 1 ? (
        <ActionRow as="nav" aria-label={t('openBadges.account.pages')}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
            {t('openBadges.desk.previous')}
          </Button>
          <span aria-live="polite">
            {t('openBadges.account.pageOf', { page, pages: state.value.totalPages })}
          </span>
          <Button
            variant="secondary"
            isDisabled={page >= state.value.totalPages}
            onPress={() => setPage((p) => p + 1)}
          >
            {t('openBadges.desk.next')}
          </Button>
        </ActionRow>
      ) : null}
    </PageContainer>
  );
}
