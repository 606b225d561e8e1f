import type { Projection } from './projection.ts';

/**
 * Every projection of the platform, as run by the main process and rebuilt by `npm run replay -- <name>`.
 * Each module adds its projection here (pages, menu, ...), imported from its own folder.
 */
export const allProjections: Projection[] = [];
