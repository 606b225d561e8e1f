import { useSetAtom } from 'jotai';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { accessibilityDrawerOpenAtom } from '../../kit/state/app-status.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';

/** /accessibility (seed 000 §2.2): what the platform does for accessibility and how to adjust it. */
export function AccessibilityScreen() {
  const t = useT();
  const openSettings = useSetAtom(accessibilityDrawerOpenAtom);
  usePageTitle(t('accessibilityPage.title'));
  return (
    <PageContainer>
      <h1>{t('accessibilityPage.title')}</h1>
      <Lead>{t('accessibilityPage.intro')}</Lead>
      <h2>{t('accessibilityPage.featuresTitle')}</h2>
      <ul>
        <li>{t('accessibilityPage.featureKeyboard')}</li>
        <li>{t('accessibilityPage.featureScreenReader')}</li>
        <li>{t('accessibilityPage.featureSettings')}</li>
        <li>{t('accessibilityPage.featureThemes')}</li>
        <li>{t('accessibilityPage.featureLanguages')}</li>
      </ul>
      <Button onPress={() => openSettings(true)}>{t('accessibility.open')}</Button>
      <p>
        {t('accessibilityPage.guidelines')}{' '}
        <Link href="/services/accessibility-guidelines">{t('accessibilityPage.guidelinesLink')}</Link>
      </p>
      <h2>{t('accessibilityPage.contactTitle')}</h2>
      <p>{t('accessibilityPage.contact')}</p>
    </PageContainer>
  );
}
