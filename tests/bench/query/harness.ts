import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface HostedPlatform {
  /** the platform (createPlatform, as `npm start` composes it) */
  platformUrl: string;
  /** the bare Express baseline in the same process: `GET /bytes/:n` answers n bytes of JSON */
  bareUrl: string;
  pid: number;
  /** starts the inspector's CPU profiler in the served process */
  startProfile(): Promise<void>;
  /** stops it and writes the profile to `file` (.cpuprofile) */
  stopProfile(file: string): Promise<void>;
  /** stops the process (it writes its CPU profile first when started with one) */
  stop(): Promise<void>;
}

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * Starts tests/bench/query/server.ts in a child process of its own (Node with tsx), so the load generator in
 * this process never shares the served event loop. `cpuProfileDir`: run it under `--cpu-prof`, the profile
 * written there when it stops.
 */
export async function hostPlatform(options: {
  databaseUrl: string;
  adminToken: string;
  cpuProfileDir?: string;
  logLevel?: string;
  /** where the files bench's blob store and baseline files go */
  filesDir?: string;
}): Promise<HostedPlatform> {
  const execArgv = ['--import', 'tsx'];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child: ChildProcess = fork(SERVER, [], {
    execArgv,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      ADMIN_API_TOKEN: options.adminToken,
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
      ...(options.filesDir ? { BENCH_FILES_DIR: options.filesDir } : {}),
    },
    // the served process logs as `npm start` does, on its own output: sent to /dev/null, so that the cost
    // measured is the platform's logging, not a terminal's
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urls = await new Promise<{ platformUrl: string; bareUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { platformUrl: string; bareUrl: string }));
    child.once('exit', (code) =>
      reject(new Error(`the bench server exited with code ${code} before listening`)),
    );
  });
  const profileStep = (message: object) =>
    new Promise<void>((resolve) => {
      const onMessage = (reply: unknown) => {
        if (typeof reply === 'object' && reply !== null && 'profiled' in reply) {
          child.off('message', onMessage);
          resolve();
        }
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    ...urls,
    startProfile: () => profileStep({ profile: 'start' }),
    stopProfile: (file) => profileStep({ profile: 'stop', file }),
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
