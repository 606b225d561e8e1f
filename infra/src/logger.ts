import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export type LogFormat = 'pretty' | 'json';

/** JSON for production (and whoever asks for it with LOG_FORMAT=json), readable lines for a person otherwise. */
export function logFormatOf(config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT'>): LogFormat {
  return config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty');
}

/** Fields that a readable line leaves out: the request line (logging.ts) already says what they hold. */
const PRETTY_IGNORE = 'pid,hostname,service,req,res,reqId,responseTime,correlationId';

/**
 * The process logger. Pretty output goes through pino-pretty in the same thread (a development console does
 * not need a worker), one line per entry with its fields beside the message.
 */
export function createLogger(
  config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT' | 'LOG_LEVEL'>,
  destination: NodeJS.WritableStream = process.stdout,
): Logger {
  const options = { level: config.LOG_LEVEL, base: { service: 'platform' } };
  if (logFormatOf(config) === 'json') return pino(options, destination);
  return pino(
    options,
    pretty({
      destination,
      colorize: 'isTTY' in destination && Boolean(destination.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: PRETTY_IGNORE,
      singleLine: true,
      sync: true,
    }),
  );
}
