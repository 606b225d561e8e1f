import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the platform's entries run from. */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface Spawned {
  child: ChildProcess;
  /** what it wrote so far, stdout and stderr together */
  output(): string;
  /** resolves with the first match of `pattern` in its output; rejects if it exits first or `boundMs` passes */
  waitFor(pattern: RegExp, boundMs?: number): Promise<RegExpExecArray>;
  /** resolves once it exited, with its code (or signal) */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** sends `signal` (SIGTERM) unless it already exited, and resolves once it did */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs one of the repository's TypeScript entries (`host/src/main.ts`, `host/src/cluster/main.ts`, ...) as its own
 * Node process, as `npm run start:*` does: with the test's environment less vitest's variables and ROLE, plus
 * `env`. Its output is collected and can be waited on.
 */
export function spawnEntry(entry: string, env: Record<string, string>): Spawned {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'ROLE'),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  return {
    child,
    output: () => output,
    exited: () => exit,
    async stop(signal = 'SIGTERM') {
      if (!hasExited()) child.kill(signal);
      return exit;
    },
    waitFor(pattern, boundMs = 180_000) {
      return new Promise((resolveMatch, reject) => {
        const look = () => {
          const match = pattern.exec(output);
          if (!match) return false;
          finish();
          resolveMatch(match);
          return true;
        };
        const onExit = () => {
          // what it wrote just before it exited is read first
          setImmediate(() => {
            if (look()) return;
            finish();
            reject(new Error(`${entry} exited before ${pattern} appeared:\n${output}`));
          });
        };
        // a bound for a hung start, not a wait: processes that load the platform on two shared cores are slow
        const bound = setTimeout(() => {
          finish();
          reject(new Error(`${entry}: ${pattern} did not appear in ${boundMs} ms:\n${output}`));
        }, boundMs);
        const finish = () => {
          clearTimeout(bound);
          child.stdout!.off('data', look);
          child.stderr!.off('data', look);
          child.off('exit', onExit);
        };
        if (look()) return;
        if (hasExited()) return onExit();
        child.stdout!.on('data', look);
        child.stderr!.on('data', look);
        child.once('exit', onExit);
      });
    },
  };
}
