import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's Chromium (playwright-core downloads no browser of its own). CHROMIUM_PATH
 * overrides the default location.
 */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : [DEBIAN_CHROMIUM];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    `The browser tests need Chromium, and none was found at ${candidates.join(', ')}.\n` +
      'Install it with `apt-get install -y chromium` (.ci/run does this when tests/e2e exists), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

/**
 * Headless and quiet: no sandbox (the tests may run as root in a container), no GPU, and none of the background
 * traffic (updates, sync, QUIC probes) that would make runs slower or reach outside the machine. Playwright gives
 * every launch a fresh temporary user-data-dir of its own and removes it on close.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
