import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';

/** errors.not-found (seed 000 §2.2): where unknown paths and missing records land. */
export function NotFoundScreen() {
  const t = useT();
  usePageTitle(t('errors.notFound.title'));
  return (
    <PageContainer>
      <h1>{t('errors.notFound.title')}</h1>
      <Lead>{t('errors.notFound.description')}</Lead>
      <ActionRow>
        <ButtonLink href="/">{t('errors.backHome')}</ButtonLink>
        <ButtonLink href="/site-map" variant="secondary">
          {t('siteMap.title')}
        </ButtonLink>
      </ActionRow>
    </PageContainer>
  );
}
