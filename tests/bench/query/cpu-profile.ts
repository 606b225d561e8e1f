import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the diagnoses read of a process's CPU: its ticks from /proc, and a CPU profile's time by package. */

/** The CPU time of a process so far (user and system), in 1/100 s; 0 when it is gone. */
export const ticks = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command name), in 1/100 s
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

/** The CPU time of a process so far in ms, from the scheduler's own account (/proc/<pid>/schedstat); 0 when gone. */
export const cpuMs = (pid: number) => {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
};

/** The minor page faults of a process so far (memory it touched for the first time since it was mapped). */
export const minorFaults = (pid: number) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[7]);
  } catch {
    return 0;
  }
};

interface Profile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    hitCount?: number;
    children?: number[];
  }>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings as [generated line][segment] = [generated column, source line]. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let sourceLine = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) sourceLine += values[2]!;
      segments.push([column, sourceLine]);
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * The original line of a position in a module tsx compiled (its cache in the temporary directory holds each
 * compiled file with its source map; the newest entry of a source wins): a profile of code run by tsx names
 * minified positions.
 */
let lookup: ((url: string, line: number, column: number) => number | null) | undefined;
function sourceLines(): (url: string, line: number, column: number) => number | null {
  lookup ??= indexSourceMaps();
  return lookup;
}

function indexSourceMaps(): (url: string, line: number, column: number) => number | null {
  const dir = join(tmpdir(), `tsx-${process.getuid?.() ?? 0}`);
  const newest = new Map<string, { file: string; at: number }>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return () => null;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      const source = /"sources":\["([^"]+)"\]/.exec(readFileSync(file, 'utf8'))?.[1];
      if (!source) continue;
      const at = statSync(file).mtimeMs;
      if ((newest.get(source)?.at ?? -1) < at) newest.set(source, { file, at });
    } catch {
      // a file being written, or a pipe
    }
  }
  const decoded = new Map<string, Array<Array<[number, number]>>>();
  return (url, line, column) => {
    const path = url.replace(/^file:\/\//, '');
    const entry = newest.get(path);
    if (!entry) return null;
    let lines = decoded.get(path);
    if (!lines) {
      const map = (JSON.parse(readFileSync(entry.file, 'utf8')) as { map: { mappings: string } }).map;
      lines = decodeMappings(map.mappings);
      decoded.set(path, lines);
    }
    const segments = lines[line] ?? [];
    let found: number | null = null;
    for (const [generated, original] of segments) {
      if (generated > column) break;
      found = original;
    }
    return found === null ? null : found + 1;
  };
}

/**
 * A CPU profile by package (node_modules/<name>, the project's folders, node internals), self time; and by
 * function (self), and the project's functions with what they call (inclusive), at their original lines.
 */
export function profileGroups(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const original = sourceLines();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const keyOf = (node: Profile['nodes'][number]) => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    const own = /\/(contracts|infra|query-api|command-api|projectors|host|tests)\/src?\/?/.exec(url)?.[1];
    const line = own ? (original(url, lineNumber, columnNumber) ?? lineNumber + 1) : null;
    return {
      own,
      name: `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}${line ? `:${line}` : ''}`,
    };
  };
  const subtree = (id: number): number => {
    const node = byId.get(id)!;
    return (node.hitCount ?? 0) + (node.children ?? []).reduce((s, c) => s + subtree(c), 0);
  };
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    const { url, functionName } = node.callFrame;
    const { own, name } = keyOf(node);
    if (own) inclusive.set(name, (inclusive.get(name) ?? 0) + subtree(node.id));
    if (!hits) continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const group =
      pkg ?? (own ? `(${own})` : url.startsWith('node:') ? 'node internals' : functionName || '(vm)');
    byGroup.set(group, (byGroup.get(group) ?? 0) + hits);
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  return { groups: top(byGroup, 14), functions: top(byFunction, 16), inclusive: top(inclusive, 80) };
}
