/*
 * What the AAC catalogue offers the CMS pages (seed 000 §2.8, §2.6): the AAC products component's content (the
 * catalogue with its filters and the products chosen for comparison, a product's page at {path}/{id}, the
 * comparison at {path}/compare), loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { AacMessages } from './aac-ui.tsx';
export { contributionOf } from './paths.ts';

export const AacProductsContent = lazy(() =>
  import('./aac-products.tsx').then((m) => ({ default: m.AacProductsContent })),
);
