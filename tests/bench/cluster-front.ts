/**
 * The cluster bench's front (cluster-bench.ts): the cluster's own front (host/src/cluster/front.ts, what
 * `npm run start:cluster` runs) in a process of its own, as in the cluster, whose processes the bench chooses
 * between slices. Messages: `{ commands: string[], queries: string[] }` sets the processes of each side (answered
 * `{ configured: true }`); `'stop'` closes it. It says `{ port }` once it listens.
 */
import { createFront } from '@platform/host/cluster/front';

interface Backends {
  commands: string[];
  queries: string[];
}

async function main() {
  const front = createFront();
  const port = await front.listen(0, '127.0.0.1');
  let current: Backends = { commands: [], queries: [] };
  process.on('message', (message: unknown) => {
    if (message === 'stop') {
      void front.close().finally(() => process.exit(0));
      return;
    }
    const next = message as Backends;
    for (const url of [...current.commands, ...current.queries]) front.remove(url);
    for (const url of next.commands) front.add('commands', url);
    for (const url of next.queries) front.add('queries', url);
    current = next;
    process.send?.({ configured: true });
  });
  // the bench going away takes the front with it
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
