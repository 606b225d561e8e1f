import type { AnyEndpoint } from '../endpoints.ts';
import { shellEndpoints } from '../shell-endpoints.ts';

/** The app environment (seed 001 §5): its settings and `meta.revision`, which moves with every change it signals. */
export const environmentEndpoints = {
  environment: shellEndpoints.environment,
} satisfies Record<string, AnyEndpoint>;
