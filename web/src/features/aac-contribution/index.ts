/*
 * What the AAC contribution feature offers the AAC products component (seed 000 §2.6): its sub-routes
 * {path}/contribution, where a member contributes a product, and {path}/contribution/{id}, where its author edits it.
 * The screen loads with its first render: nothing here brings zod, react-aria or the contracts' schemas into the
 * first script (ADR 0047).
 */
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

export type { ContributionMessages as AacContributionMessages } from './contribution-ui.ts';

/** The path segment of the contribution's sub-routes: {path}/contribution and {path}/contribution/{id}. */
export const AAC_CONTRIBUTION_SEGMENT = 'contribution';

/**
 * The contribution's screen: a new product (`productId` null) or the author's edit of one, below the page at
 * `pagePath`. Render it in a Suspense boundary.
 */
export const AacContribution = lazyScreen(() =>
  import('./contribution-screen.tsx').then((m) => ({ default: m.AacContributionScreen })),
);
