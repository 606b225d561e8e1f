import { useSearch } from 'wouter';
import { safeRedirectUrl } from '../../kit/routing/route-meta.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';

/**
 * errors.unauthorized (seed 000 §2.2, §8): a page exists but this visitor may not open it. `redirectUrl`
 * names it, so that signing in with another account can lead back there.
 */
export function UnauthorizedScreen() {
  const t = useT();
  const search = useSearch();
  const redirectUrl = safeRedirectUrl(new URLSearchParams(search).get('redirectUrl') ?? undefined);
  usePageTitle(t('errors.unauthorized.title'));
  return (
    <PageContainer>
      <h1>{t('errors.unauthorized.title')}</h1>
      <Lead>{t('errors.unauthorized.description')}</Lead>
      <ActionRow>
        {redirectUrl ? (
          <ButtonLink href={`/auth/sign-in?redirectUrl=${encodeURIComponent(redirectUrl)}`}>
            {t('errors.unauthorized.signIn')}
          </ButtonLink>
        ) : null}
        <ButtonLink href="/" variant={redirectUrl ? 'secondary' : 'primary'}>
          {t('errors.backHome')}
        </ButtonLink>
      </ActionRow>
    </PageContainer>
  );
}
