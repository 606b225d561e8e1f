/* What the likes feature offers: the member's likes screen, loaded when first visited. */
import { lazy } from 'react';

export const LikesScreen = lazy(() => import('./likes-screen.tsx').then((m) => ({ default: m.LikesScreen })));
