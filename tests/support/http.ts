import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { pino, type Logger } from 'pino';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** A pino logger whose JSON lines the test can read back. */
export function capturedLogger(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines };
}

/** Listens on a free port; `url(path)` builds request URLs, `close()` stops the server. */
export async function listen(
  app: Express,
): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

export const JSON_API = 'application/vnd.api+json';
export const adminHeaders = (extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
  'Content-Type': JSON_API,
  ...extra,
});

export interface ApiAnswer {
  status: number;
  // documents are loosely typed in tests on purpose: assertions pin their shape
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** the session cookie it set (`name=value`), if any */
  cookie: string | null;
  headers: Headers;
}

/** An answer's body: its JSON when it is JSON, else its text; null when empty. */
export async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * One JSON:API request to a running platform (a process, or a front) at `base`, as the web sends it; the body is
 * parsed when it is JSON. `token`: the bearer token (an admin's), `headers`: more request headers.
 */
export async function callApi(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string | null; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'Content-Type': JSON_API,
      'X-Requested-With': 'XMLHttpRequest',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = await bodyOf(response);
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    body,
    cookie: setCookie ? setCookie.split(';')[0]! : null,
    headers: response.headers,
  };
}
