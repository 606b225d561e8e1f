/* What the coupons feature offers: its screen and its list for a CMS block, each loaded when first shown. */
import { lazy } from 'react';
import type en from './messages/en.json';

export const CouponsScreen = lazy(() =>
  import('./coupons-screen.tsx').then((m) => ({ default: m.CouponsScreen })),
);
/** The list, its buy flow and its dialog, without the screen's title (the CMS coupons block). */
export const CouponsContent = lazy(() =>
  import('./coupons-screen.tsx').then((m) => ({ default: m.CouponsContent })),
);
export type CouponsMessages = typeof en;
