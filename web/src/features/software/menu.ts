import { FEATURES } from '../../kit/build-info.ts';
import { ACCOUNT_SOFTWARE_PATH } from './paths.ts';

export interface SoftwareMenuEntry {
  /** the entry's key in the account menu, and its words' (`auth.actions.<id>`) */
  id: 'software';
  href: string;
}

/**
 * The account menu's entry for the member's software page: only when the software feature is built in (the account
 * menu is a signed-in member's only).
 */
export function softwareMenuEntries(
  features: Pick<typeof FEATURES, 'software'> = FEATURES,
): SoftwareMenuEntry[] {
  return features.software ? [{ id: 'software', href: ACCOUNT_SOFTWARE_PATH }] : [];
}
