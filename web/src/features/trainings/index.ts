/*
 * What the trainings feature offers the CMS pages (issue 23, seed 000 §2.8): the training resources component's
 * content (the list with its search and filters, or the resources an editor picked; a resource's page at
 * {path}/{resource} and a review's at {path}/reviews/{review}), the training resources search, the requests
 * (a request's page at {path}/{request}, and a member's new request) and the trainings (a training with its sessions
 * at {path}/{id}); each loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { TrainingsMessages } from './trainings-ui.tsx';

export const TrainingResourcesContent = lazy(() =>
  import('./resources.tsx').then((m) => ({ default: m.TrainingResourcesContent })),
);

export const TrainingResourcesSearch = lazy(() =>
  import('./resources-search.tsx').then((m) => ({ default: m.TrainingResourcesSearch })),
);

export const TrainingResourceRequestsContent = lazy(() =>
  import('./requests.tsx').then((m) => ({ default: m.RequestsContent })),
);

export const TrainingsContent = lazy(() =>
  import('./trainings.tsx').then((m) => ({ default: m.TrainingsContent })),
);
