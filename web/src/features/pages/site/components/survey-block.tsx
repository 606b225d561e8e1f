import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { SurveyPanel, type SurveysMessages } from '../../../surveys/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { useDeferredGate } from '../../../../kit/lazy/deferred.tsx';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { BlockTitle, Inner } from './block.tsx';

/**
 * survey (seed 000 §2.8): the survey an editor placed on the page, answered here and its results shown with the
 * reader's own answer (features/surveys). A block with no survey chosen shows nothing. Its form (react-aria's
 * groups and fields, about 20 KB gzip) loads once the page has painted (kit/lazy/deferred.tsx), not before the
 * first screen (issue 16): until then the block shows that it is loading, as it does while the code arrives.
 */
export function SurveyBlock({ props }: { props: ComponentProps<'survey'> }) {
  const t = useT<SurveysMessages>();
  const gate = useDeferredGate();
  if (!props.survey) return null;
  const loader = <InlineLoader aria-label={t('surveys.loading')} />;
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={loader}>{gate ? <SurveyPanel surveyId={props.survey} /> : loader}</Suspense>
    </Inner>
  );
}
