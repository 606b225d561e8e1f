import { lazy } from 'react';

/**
 * Rich HTML made safe to show (sanitize-html.ts) for the features' readers' screens, `ugc` for members' HTML: loaded
 * with the first screen that shows some (its sanitiser is not part of the first screen's code). The CMS blocks,
 * already loaded apart, use rich-text.tsx itself.
 */
export const RichText = lazy(() => import('./rich-text.tsx').then((m) => ({ default: m.RichText })));
