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
