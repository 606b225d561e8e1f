import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const SurveyScreen = lazyScreen(() =>
  import('./survey-screen.tsx').then((m) => ({ default: m.SurveyScreen })),
);

/** The survey page (seed 000 §2.2), only when the surveys feature is built in. */
export const surveyRoutes = FEATURES.surveys ? (
  <>
    <Route path="/services/surveys/:id">
      <SurveyScreen />
    </Route>
  </>
) : null;
