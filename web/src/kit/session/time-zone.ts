import { isTimezone } from '@platform/contracts/accounts/reference';
import { useAtomValue } from 'jotai';
import { browserTimeZone } from '../time/browser-zone.ts';
import type { SessionUser } from './documents.ts';
import { sessionAtom } from './session.tsx';

/**
 * The time zone a viewer reads times in: a signed-in member's own (their profile's, seed 000 §3 user.timezone), a
 * visitor's browser's. The app's react-intl provider carries it (frame/app.tsx), so that every date and time a
 * screen formats is in it; what a screen computes from days takes it from here (kit/time/zone.ts).
 */
export function viewerTimeZone(user: Pick<SessionUser, 'timezone'> | null): string {
  return user && isTimezone(user.timezone) ? user.timezone : browserTimeZone();
}

export function useViewerTimeZone(): string {
  return viewerTimeZone(useAtomValue(sessionAtom).user);
}
