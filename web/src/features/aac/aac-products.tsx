import { AacCatalogue } from './catalogue.tsx';
import { AacComparePage } from './compare-page.tsx';
import { COMPARE_SEGMENT } from './paths.ts';
import { AacProductPage } from './product-page.tsx';

/**
 * The AAC products component's content (seed 000 §2.8): the catalogue at its page, and in its place at the
 * sub-routes (§2.6) the comparison ({path}/compare) or a product's page ({path}/{id}). The contribution's
 * sub-routes are the contribution feature's (the CMS block hands them over).
 */
export function AacProductsContent({
  basePath,
  segment,
  headingLevel = 2,
}: {
  basePath: string;
  segment: string | null;
  headingLevel?: 2 | 3;
}) {
  if (segment === COMPARE_SEGMENT) return <AacComparePage basePath={basePath} />;
  if (segment) return <AacProductPage basePath={basePath} productId={segment} />;
  return <AacCatalogue basePath={basePath} headingLevel={headingLevel} />;
}
