import { atom } from 'jotai';
import { ACCESS_LEVELS, type AccessLevel } from '@platform/contracts/enums';
import { LEVEL_SETTINGS, type LevelSettings } from '@platform/contracts/resources/access';

/**
 * App-wide status the shell renders (seed 000 §2.9, §4): pending requests for the loading bar, the global
 * dialogs, the route loading flag and the prevent-leave guard.
 */
export const pendingRequestsAtom = atom(0);
export const routeLoadingAtom = atom(false);

export type GlobalDialog =
  | { kind: 'network-error' }
  | { kind: 'session-expired' }
  | { kind: 'unexpected-error'; reference: string | null }
  | null;

export const globalDialogAtom = atom<GlobalDialog>(null);

/**
 * Raises a global dialog by the seed's rules: a network failure and an expired session always show (they are
 * what the user must act on); an unexpected error shows unless one is already showing.
 */
export const raiseDialogAtom = atom(null, (get, set, dialog: Exclude<GlobalDialog, null>) => {
  const current = get(globalDialogAtom);
  if (dialog.kind === 'unexpected-error' && current !== null) return;
  if (current?.kind === 'session-expired' && dialog.kind !== 'session-expired') return;
  set(globalDialogAtom, dialog);
});

/** Set by a screen with unsaved changes; navigation then asks first (seed 000 §2.10 rule 6). */
export const preventLeaveAtom = atom(false);

/** The environment revision the page booted with, and a newer one when another change was seen. */
export const environmentRevisionAtom = atom<string | null>(null);
export const environmentUpdatedAtom = atom(false);

/**
 * The app environment's access-level settings the page booted with (the open badge issuers' threshold): the web's
 * access rules read them as the server's do (kit/admin/resources/viewer.ts), so that the buttons an issuer may use
 * show. Empty until the environment is read: a `{ setting }` rule then lets nobody through, as with an unset one.
 */
export const environmentLevelsAtom = atom<LevelSettings>({});

const isAccessLevel = (value: unknown): value is AccessLevel =>
  typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);

/**
 * The access-level settings of the app environment document (GET /app-environment's attributes): each one an
 * access level, or null when unset or unknown to this build.
 */
export function levelSettingsOf(attributes: Record<string, unknown>): LevelSettings {
  return Object.fromEntries(
    LEVEL_SETTINGS.map((name) => {
      const value = attributes[name];
      return [name, isAccessLevel(value) ? value : null];
    }),
  ) as LevelSettings;
}

/** The accessibility drawer is opened from the top bar, the footer and the accessibility page. */
export const accessibilityDrawerOpenAtom = atom(false);
