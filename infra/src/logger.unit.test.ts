import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatOf } from './logger.ts';

function capture(config: Parameters<typeof createLogger>[0]) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const logger = createLogger(config, stream);
  return { logger, text: () => text };
}

describe('the process logger', () => {
  it('writes JSON in production and readable lines in development, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatOf({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormatOf({ NODE_ENV: 'test' })).toBe('pretty');
    expect(logFormatOf({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
  });

  it('logs one JSON object per line with every field in production', () => {
    const { logger, text } = capture({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    logger.info({ req: { method: 'GET', headers: { accept: 'text/html' } } }, 'GET / 200 3 ms');
    const entry = JSON.parse(text().trim());
    expect(entry).toMatchObject({ level: 30, service: 'platform', msg: 'GET / 200 3 ms' });
    expect(entry.req.headers.accept).toBe('text/html');
  });

  it('logs a short line per entry in development: time, level, message, the request left out', () => {
    const { logger, text } = capture({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    logger.info(
      { req: { method: 'GET', headers: { accept: 'text/html' } }, responseTime: 3 },
      'GET / 200 3 ms',
    );
    logger.warn({ dataDir: '.data' }, 'something to look at');
    const lines = text().trim().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/ 200 3 ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: something to look at \{"dataDir":".data"\}$/);
  });
});
