import { moduleEventContracts } from '@platform/contracts/registry';
import { surveyResource } from '@platform/contracts/surveys/survey';
import { surveyAnswerRoutes } from '@platform/command-api/surveys/routes';
import { surveyAnswersExtension } from '@platform/projectors/surveys/answers';
import { surveyQueryRoutes } from '@platform/query-api/surveys/routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The surveys' answers as one module (issue 23, ADR 0043): the surveys and their choices are resources of the
 * catalogue (editors write them); the module adds answering, a workflow on each survey's own stream, the answers'
 * counts in the surveys' projection, and the results with the reader's own answer. With FEATURE_SURVEYS off its
 * routes are not served (the resources answer 404 too).
 */
export function surveysModule(): ModuleDescriptor {
  return {
    name: 'surveys',
    eventContracts: moduleEventContracts.surveys,
    command: ({ features }) => (features.surveys ? [surveyAnswerRoutes] : []),
    query: ({ features, defaultLocale }) => (features.surveys ? [surveyQueryRoutes({ defaultLocale })] : []),
    resourceWorkflows: [{ resource: surveyResource, projection: surveyAnswersExtension }],
  };
}
