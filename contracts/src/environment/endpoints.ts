import { defineEndpoint } from '../endpoints.ts';

/** The app environment (seed 001 §5): its settings and `meta.revision`, which moves with every change it signals. */
export const environmentEndpoints = {
  environment: defineEndpoint({ method: 'GET', path: '/app-environment' }),
};
