import { useParams } from 'wouter';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import type en from './messages/en.json';
import { SurveyPanel } from './survey-panel.tsx';

/** The survey page (seed 000 §2.2 services.surveys.show, /services/surveys/{id}): a survey by its own link. */
export function SurveyScreen() {
  const t = useT<typeof en>();
  const { id } = useParams<{ id: string }>();
  usePageTitle(t('surveys.title'));
  return (
    <PageContainer>
      <h1>{t('surveys.title')}</h1>
      <SurveyPanel surveyId={id} />
    </PageContainer>
  );
}
