import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const INSTALL_COMMAND = 'apt-get install -y chromium';

/** What provisioning the browser needs to know of the machine; the tests give their own. */
export interface ChromiumHost {
  exists(path: string): boolean;
  /** runs a command to its end with the given environment additions; true when it succeeded */
  run(command: string, args: string[], env?: Record<string, string>): boolean;
  isRoot: boolean;
  log(line: string): void;
}

const systemHost: ChromiumHost = {
  exists: existsSync,
  run(command, args, env = {}) {
    const result = spawnSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    return result.status === 0;
  },
  isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
  log: (line) => process.stdout.write(`${line}\n`),
};

/**
 * The browser the tests drive: Debian's Chromium (playwright-core downloads no browser of its own). CHROMIUM_PATH
 * overrides the default location.
 */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : [DEBIAN_CHROMIUM];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw missing(candidates.join(', '));
}

function missing(where: string, why = ''): Error {
  return new Error(
    `The browser tests need Chromium, and none was found at ${where}${why}.\n` +
      `Install it with \`sudo ${INSTALL_COMMAND}\` (Debian or Ubuntu), ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

/**
 * Finds the browser, and on a machine without one installs Debian's chromium package through apt-get when it
 * can (as root, or with a sudo that asks no password), saying so, so that `npm test` needs no set-up of its own.
 * CHROMIUM_INSTALL=false turns the install off; CHROMIUM_PATH names a browser to use instead.
 */
export function ensureChromium(
  env: Record<string, string | undefined> = process.env,
  host: ChromiumHost = systemHost,
): string {
  if (env.CHROMIUM_PATH) {
    if (host.exists(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw missing(env.CHROMIUM_PATH, ' (CHROMIUM_PATH)');
  }
  if (host.exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (env.CHROMIUM_INSTALL === 'false') throw missing(DEBIAN_CHROMIUM, ' (CHROMIUM_INSTALL=false)');
  if (!host.exists('/usr/bin/apt-get')) throw missing(DEBIAN_CHROMIUM, ' and this machine has no apt-get');

  const sudo = host.isRoot ? [] : host.run('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
  if (!sudo) throw missing(DEBIAN_CHROMIUM, ', and installing it needs root');
  const apt = (args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return host.run(command!, rest, { DEBIAN_FRONTEND: 'noninteractive' });
  };
  host.log(
    `The browser tests need Chromium and this machine has none: installing Debian's chromium package ` +
      `(${sudo.length ? 'sudo ' : ''}apt-get update && ${INSTALL_COMMAND}), once for this machine…`,
  );
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', 'chromium']) || !host.exists(DEBIAN_CHROMIUM))
    throw missing(DEBIAN_CHROMIUM, ', and apt-get could not install it');
  host.log(`Chromium installed at ${DEBIAN_CHROMIUM}.`);
  return DEBIAN_CHROMIUM;
}

/**
 * Headless and quiet: no sandbox (the tests may run as root in a container), no GPU, and none of the background
 * traffic (updates, sync, QUIC probes) that would make runs slower or reach outside the machine. Playwright gives
 * every launch a fresh temporary user-data-dir of its own and removes it on close.
 *
 * No host name resolves but the platform's own address: the tests must not depend on the internet, and an embedded
 * provider must never be reached. The browser refuses those requests itself (net::ERR_NAME_NOT_RESOLVED), so the
 * tests need no request interception, which would pause every request of every page for a round trip to the test
 * process and turn the browser's HTTP cache off (browser.ts watches the refused requests instead).
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
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
