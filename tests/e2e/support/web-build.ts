import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the web build is made from: its sources, its entry and config, and the contracts it imports. */
const BUILD_INPUTS = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contracts/src'];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer directory
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The build is fresh when its index.html (written last by Vite) is newer than every input. */
export function webBuildIsFresh(root: string): boolean {
  const built = statSync(join(root, 'web/dist/index.html'), { throwIfNoEntry: false });
  if (!built) return false;
  return BUILD_INPUTS.every((input) => newestMtime(join(root, input)) < built.mtimeMs);
}

/** React's development build names its JSX helper; a production bundle never contains it. */
export function isDevelopmentBuild(root: string): boolean {
  const assets = join(root, 'web/dist/assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) => readFileSync(join(assets, file), 'utf8').includes('jsxDEV('));
}

/**
 * Builds the web once for the run (`npm run build`), unless the build on disk is already fresh: the browser
 * tests check what `npm start` serves, not a dev server. A failed build stops the run with Vite's output.
 */
export async function ensureWebBuilt(root: string): Promise<'fresh' | 'built'> {
  // a fresh development build (made by hand, or by an older harness) is not what the tests must check
  if (webBuildIsFresh(root) && !isDevelopmentBuild(root)) return 'fresh';
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    // vitest sets NODE_ENV=test, and Vite would inherit it and make a development build (React's dev mode,
    // StrictMode's double effects): build what `npm start` serves, and leave that in web/dist for it
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn('npm', ['run', 'build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new Error(
      `npm run build failed (exit ${code}); the e2e tests need the built web:\n${output.join('')}`,
    );
  }
  return 'built';
}

/**
 * A private copy of web/dist for this run: another `npm run build` in the same checkout (a developer's, or a
 * second test run) empties web/dist first, and lazy chunks would vanish under a page the tests have open.
 */
export function snapshotWebBuild(root: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'platform-e2e-web-'));
  cpSync(join(root, 'web/dist'), dir, { recursive: true });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (!existsSync(join(dir, 'index.html'))) {
    remove();
    throw new Error('web/dist changed while it was copied (another build running?): run the tests again');
  }
  return { dir, remove };
}
