import { PassThrough } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

describe('the process logger on its own output', () => {
  /** a process that logs one entry and exits at once: the entry must still be written (flushed on exit) */
  const run = (format: 'json' | 'pretty') => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const code = `import { createLogger } from ${JSON.stringify(logger)};
      createLogger({ NODE_ENV: 'production', LOG_FORMAT: '${format}', LOG_LEVEL: 'info' }).info({ answer: 42 }, 'written off the request path');`;
    return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
      timeout: 30_000,
    });
  };

  it('writes JSON through an asynchronous destination, flushed when the process ends', () => {
    const result = run('json');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({
      answer: 42,
      msg: 'written off the request path',
    });
  });

  it('writes readable lines from a worker thread, flushed when the process ends', () => {
    const result = run('pretty');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/INFO.*written off the request path/);
    expect(result.stdout).not.toContain('"msg"');
  });
});
