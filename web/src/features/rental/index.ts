/*
 * What the rental feature offers the frame and the other features: the checkout's routes (each step loads
 * with its screen), the top bar's cart button, and the rental models component's content (the catalogue and a
 * model's page) for the CMS pages. The cart itself stays inside the feature: re-exported here, it and its
 * schemas were in every reader's first script.
 */
import { lazy } from 'react';
import { deferred } from '../../kit/lazy/deferred.tsx';
import type en from './messages/en.json';

export { rentalRoutes } from './routes.tsx';
export type RentalMessages = typeof en;

/** The top bar's rental cart button, loaded once the page has painted. */
export const RentalCartEntry = deferred<object>(() =>
  import('./cart-button.tsx').then((m) => m.RentalCartButton),
);

/** The rental models component's content: the catalogue at the page's path, one model at {path}/{rentalModel}. */
export const RentalModelsContent = lazy(() =>
  import('./catalogue.tsx').then((m) => ({ default: m.RentalModelsContent })),
);
