/* What the surveys feature offers: a survey with its answer form and results, for a CMS block. */
import { lazy } from 'react';
import type en from './messages/en.json';

export const SurveyPanel = lazy(() => import('./survey-panel.tsx').then((m) => ({ default: m.SurveyPanel })));
export type SurveysMessages = typeof en;
export { surveyRoutes } from './routes.tsx';
