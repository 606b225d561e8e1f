/**
 * Whether the two-factor screen was reached from the sign-in screen (a sign-in is waiting for its code) or
 * opened on its own (a bookmark, a reload, a typed address). The sign-in screen gets there by an in-app
 * navigation (session.completeSignIn), so the page's own load was elsewhere; opened on its own, the screen is
 * the page's load, and starts at the credentials. Only the first showing can be that load.
 */
const loadedAt = typeof window === 'undefined' ? null : window.location.pathname;
let loadShown = false;

function documentPath(): string | null {
  try {
    const [entry] = performance.getEntriesByType('navigation');
    if (entry?.name) return new URL(entry.name).pathname;
  } catch {
    // no Navigation Timing: the path seen when this module was first evaluated (at the app's start)
  }
  return loadedAt;
}

export function startsAtChallenge(path: string): boolean {
  return loadShown || documentPath() !== path;
}

/** The screen has been shown as the page's load: a later visit in this page is an in-app navigation. */
export function markLoadShown(): void {
  loadShown = true;
}
