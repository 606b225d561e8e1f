import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { SurveyPanel, type SurveysMessages } from '../../../surveys/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { BlockTitle, Inner } from './block.tsx';

/**
 * survey (seed 000 §2.8): the survey an editor placed on the page, answered here and its results shown with the
 * reader's own answer (features/surveys). A block with no survey chosen shows nothing.
 */
export function SurveyBlock({ props }: { props: ComponentProps<'survey'> }) {
  const t = useT<SurveysMessages>();
  if (!props.survey) return null;
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('surveys.loading')} />}>
        <SurveyPanel surveyId={props.survey} />
      </Suspense>
    </Inner>
  );
}
