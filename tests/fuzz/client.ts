import { Agent, request } from 'node:http';
import type { FuzzRequest } from './inputs.ts';

/** Who sends a generated request: nobody signed in, a member's browser session, or the administrators' API token. */
export type ViewerName = 'visitor' | 'member' | 'admin';
export const VIEWER_NAMES: readonly ViewerName[] = ['visitor', 'member', 'admin'];

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FuzzTarget {
  send(request: FuzzRequest, viewer: ViewerName): Promise<FuzzAnswer>;
  /** the member's session cookie (to sign in again when a generated request signed them out) */
  setMemberCookie(cookie: string | null): void;
  close(): void;
}

/**
 * Sends requests exactly as generated, with node:http rather than fetch: the path goes out verbatim ('..',
 * '%zz' and the like are not normalised away), headers as written. Each viewer's credentials are added, and a
 * JSON media type when the request has a body and no Content-Type of its own.
 */
export function fuzzTarget(options: { host: string; port: number; adminToken: string }): FuzzTarget {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let memberCookie: string | null = null;
  return {
    setMemberCookie(cookie) {
      memberCookie = cookie;
    },
    close: () => agent.destroy(),
    send(fuzz, viewer) {
      const headers: Record<string, string> = {};
      if (fuzz.body !== undefined) {
        headers['Content-Type'] = fuzz.path.startsWith('/auth')
          ? 'application/json'
          : 'application/vnd.api+json';
        headers['Content-Length'] = String(Buffer.byteLength(fuzz.body));
      }
      if (viewer === 'admin') headers.Authorization = `Bearer ${options.adminToken}`;
      // a visitor and a member come through the web client, which always sends X-Requested-With
      if (viewer !== 'admin') headers['X-Requested-With'] = 'XMLHttpRequest';
      if (viewer === 'member' && memberCookie) headers.Cookie = `atc_session=${memberCookie}`;
      Object.assign(headers, fuzz.headers);
      return new Promise<FuzzAnswer>((resolve, reject) => {
        const req = request(
          { host: options.host, port: options.port, method: fuzz.method, path: fuzz.path, headers, agent },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(fuzz.body);
      });
    },
  };
}

const clip = (text: string, max = 600) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A request and its answer, for a failure's message: what to replay by hand. */
export function describeExchange(
  request: FuzzRequest,
  viewer: ViewerName,
  answer?: FuzzAnswer | Error,
): string {
  const lines = [
    `as ${viewer}: ${request.method} ${clip(request.path, 300)}`,
    `  headers: ${clip(JSON.stringify(request.headers))}`,
    `  body: ${request.body === undefined ? '(none)' : clip(request.body)}`,
  ];
  if (answer instanceof Error) lines.push(`  failed: ${answer.message}`);
  else if (answer) lines.push(`  answer: ${answer.status} ${clip(answer.body)}`);
  return lines.join('\n');
}
