import type { ServerResponse } from 'node:http';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  deflate,
  deflateSync,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';
import { compressedFormsOf } from '@platform/infra/http/unchanging-bodies';

/**
 * What the platform sends compressed:
 * - the built web's files are compressed once, by the build (web/vite.config.ts writes a `.br` and a `.gz` beside
 *   each script, style sheet and other text asset), and served as they are by web-static.ts;
 * - every other answer, built per request (the painted pages and their nonce, the APIs' JSON, the starting
 *   page, errors), is compressed here on the fly, brotli when the client takes it, else gzip.
 */

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers compressed on the fly: 4 of 11 (the middleware's own default) packs JSON and HTML
 * better than gzip's default at about the same cost per request. The build compresses its files at 11.
 */
const ON_THE_FLY_BROTLI_QUALITY = 4;

/**
 * A whole body up to this size is compressed in one synchronous call (brotli at quality 4: about 20-80 µs for
 * 1-20 KB of JSON, 0.6 ms for 200 KB); a larger one in zlib's thread pool, so that the event loop is not held.
 */
export const SYNC_COMPRESSION_LIMIT_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip' | 'deflate';

/** The encodings offered, and the middleware's preference among those a client takes equally (brotli first). */
const SUPPORTED: Encoding[] = ['br', 'gzip', 'deflate'];
const PREFERRED: Encoding[] = ['br', 'gzip'];

/**
 * A strong ETag names one exact sequence of bytes (RFC 9110 §8.8.1): once an answer is compressed here, its bytes
 * are not those the ETag was computed on, so the tag goes out weak (`W/"..."`), as reverse proxies do. Revalidation
 * is unchanged: If-None-Match compares tags weakly (the read cache's `matches`).
 */
export function weakenedEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

/** Weakens the answer's ETag when the compression middleware set a Content-Encoding, as the headers are written. */
function weakenCompressedEtags(res: Response) {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  // wrapped before the compression middleware wraps it: its hook (which sets Content-Encoding) runs first
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const etag = this.getHeader('ETag');
    if (typeof etag === 'string' && this.getHeader('Content-Encoding') !== undefined) {
      this.setHeader('ETag', weakenedEtag(etag));
    }
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}

/** `Cache-Control: no-transform` forbids changing the answer's encoding: the compression middleware's own test. */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** Sets the headers given to writeHead (an object, or a flat or paired array) as setHeader would. */
function setGivenHeaders(res: ServerResponse, given: unknown) {
  if (Array.isArray(given)) {
    const pairs: unknown[][] = Array.isArray(given[0])
      ? (given as unknown[][])
      : Array.from({ length: given.length / 2 }, (_, i) => [given[2 * i], given[2 * i + 1]]);
    for (const [name, value] of pairs) res.appendHeader(String(name), value as string);
  } else if (given !== null && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) if (name) res.setHeader(name, value as string);
  }
}

/**
 * A small map of answers computed once per distinct key (a Content-Type, an Accept-Encoding): browsers send a
 * handful of values; a client sending ever new ones only empties the map now and then.
 */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      value = compute(key);
      if (known.size >= 256) known.clear();
      known.set(key, value);
    }
    return value as T;
  };
}

/**
 * The middleware's own rule for the types worth compressing (text, JSON, JavaScript, SVG; not images or fonts):
 * its filter reads only the answer's Content-Type, given here alone so that the rule is asked once per type.
 */
const compressibleType = memo((type) =>
  compression.filter({} as Request, { getHeader: () => type } as unknown as Response),
);

/** The encoding chosen for an Accept-Encoding, as the middleware negotiates it; undefined: identity. */
const negotiated = memo((accepted): Encoding | undefined => {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accepted } }) as unknown as {
    // negotiator 1.x takes the server's preference among equal weights (its types know only 0.6's signature)
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const method = negotiator.encoding([...SUPPORTED, 'identity'], { preferred: PREFERRED });
  return SUPPORTED.includes(method as Encoding) ? (method as Encoding) : undefined;
});

/**
 * Whether an answer with these headers says `Vary: Accept-Encoding`: the middleware's rule, whatever the answer's
 * size, method or status (a compressible type, and no `no-transform`).
 */
function variesByEncoding(res: ServerResponse): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressibleType(type)) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return !(typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl));
}

const optionsFor = (encoding: Encoding, bytes: number): BrotliOptions | undefined =>
  encoding === 'br'
    ? {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY,
          // the whole body is known: its size lets brotli size its window and buffers (a third less CPU at 1-4 KB)
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes,
        },
      }
    : undefined;

function compressSync(encoding: Encoding, body: Uint8Array): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, optionsFor(encoding, body.byteLength));
  return encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
}

function compressAsync(
  encoding: Encoding,
  body: Uint8Array,
  done: (error: Error | null, result: Buffer) => void,
): void {
  if (encoding === 'br') brotliCompress(body, optionsFor(encoding, body.byteLength) ?? {}, done);
  else if (encoding === 'gzip') gzip(body, done);
  else deflate(body, done);
}

type End = (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/**
 * An answer ended in one call with its whole body (`res.end(body)`: what res.json and res.send do, and the read
 * cache): everything is known here, once. It says `Vary: Accept-Encoding` by the middleware's rule; it goes out as
 * it is when the client takes no encoding, when it is a HEAD or already encoded, or smaller than the threshold;
 * else it is compressed in one call, with its exact Content-Length and its ETag made weak. A body marked
 * unchanging (infra/src/http/unchanging-bodies.ts) is compressed once per encoding, its forms kept beside it.
 */
function endWhole(
  req: Request,
  res: Response,
  end: End,
  accepted: string | undefined,
  chunk: unknown,
  encoding: unknown,
  callback: unknown,
): ServerResponse {
  if (typeof chunk === 'function') [chunk, encoding, callback] = [undefined, undefined, chunk];
  else if (typeof encoding === 'function') [encoding, callback] = [undefined, encoding];
  const asIs = () => end.call(res, chunk, encoding, callback);
  if (res.headersSent || !variesByEncoding(res)) return asIs();
  res.vary('Accept-Encoding');
  if (!accepted || req.method === 'HEAD' || chunk === undefined || chunk === null) return asIs();
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return asIs();
  const contentEncoding = res.getHeader('Content-Encoding');
  if (contentEncoding !== undefined && contentEncoding !== 'identity') return asIs();
  const declared = res.getHeader('Content-Length');
  const bytes =
    declared !== undefined
      ? Number(declared)
      : typeof chunk === 'string'
        ? Buffer.byteLength(chunk, encoding as BufferEncoding | undefined)
        : chunk.byteLength;
  if (bytes < COMPRESSION_THRESHOLD_BYTES) return asIs();
  const method = negotiated(accepted);
  if (!method) return asIs();

  const body = typeof chunk === 'string' ? Buffer.from(chunk, encoding as BufferEncoding | undefined) : chunk;
  const send = (compressed: Buffer) => {
    res.setHeader('Content-Encoding', method);
    if (res.getHeader('Transfer-Encoding') === undefined) res.setHeader('Content-Length', compressed.length);
    else res.removeHeader('Content-Length');
    const etag = res.getHeader('ETag');
    if (typeof etag === 'string') res.setHeader('ETag', weakenedEtag(etag));
    return end.call(res, compressed, undefined, callback);
  };
  const kept = compressedFormsOf(body);
  const ready = kept?.get(method);
  if (ready) return send(ready);
  if (body.byteLength <= SYNC_COMPRESSION_LIMIT_BYTES) {
    const compressed = compressSync(method, body);
    kept?.set(method, compressed);
    return send(compressed);
  }
  compressAsync(method, body, (error, compressed) => {
    // the client went away meanwhile: nothing to send
    if (res.headersSent || res.destroyed) return;
    if (error) {
      end.call(res, body, undefined, callback);
      return;
    }
    kept?.set(method, compressed);
    send(compressed);
  });
  return res;
}

/**
 * The on-the-fly compression of every dynamic answer, mounted once for the whole site (platform.ts). It adds
 * `Vary: Accept-Encoding` to every compressible answer, leaves an answer that is already encoded (a precompressed
 * file of the build) as it is, and compresses only types worth it (text, JSON, JavaScript, SVG; not images or
 * fonts), from COMPRESSION_THRESHOLD_BYTES.
 *
 * What it costs is decided by how the answer is written, once that is known:
 * - ended in one call with its whole body (res.json, res.send, the read cache: nearly every answer): decided and,
 *   when worth it, compressed in one call (`endWhole`); an answer that is not compressed costs a few header reads;
 * - written in parts or with its headers first (a file streamed by `pipe`, `res.write`, an explicit `writeHead`):
 *   the compression middleware (a kept library, which compresses as a stream) is set up at that moment, as it
 *   was for every answer before; for a client that takes no encoding only the Vary is decided.
 * A request without Accept-Encoding is never compressed: it only gets the Vary.
 */
export function compressAnswers(): RequestHandler {
  const streamed = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
  });
  const noop = () => undefined;
  return (req, res, next) => {
    const accepted = req.headers['accept-encoding'] || undefined;
    // what each wrapper below hands its call to once the way of writing is known: the response's own methods,
    // or the middleware's once it is set up
    let end = res.end as unknown as End;
    let write = res.write as (this: ServerResponse, ...args: unknown[]) => boolean;
    let writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    let decided = false;
    /**
     * The answer is written in parts: the middleware takes it from here. It is set up over the response's own
     * methods, in the place of these wrappers, so that what a route wrapped over them since (tus's `end`) still
     * runs before it, as when the middleware was set up first.
     */
    const stream = () => {
      const outer = { end: res.end, write: res.write, writeHead: res.writeHead };
      Object.assign(res, { end, write, writeHead });
      weakenCompressedEtags(res);
      streamed(req, res, noop);
      end = res.end as unknown as End;
      write = res.write as typeof write;
      writeHead = res.writeHead as typeof writeHead;
      // `res.on` and `res.flush` stay the middleware's: a `drain` listener added from now on is the stream's
      Object.assign(res, outer);
    };
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (decided) return writeHead.apply(this, args);
      decided = true;
      if (accepted) {
        stream();
        return writeHead.apply(this, args);
      }
      // headers given to writeHead are set first, as the middleware's hook (on-headers) sees them
      const at = typeof args[1] === 'string' ? 2 : 1;
      if (args.length > at) {
        setGivenHeaders(this, args[at]);
        args.length = at;
      }
      if (variesByEncoding(this)) res.vary('Accept-Encoding');
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    res.write = function (this: ServerResponse, ...args: unknown[]) {
      if (decided) return write.apply(this, args);
      decided = true;
      if (accepted) stream();
      else if (!this.headersSent && variesByEncoding(this)) res.vary('Accept-Encoding');
      return write.apply(this, args);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (decided) return end.call(this, chunk, encoding, callback);
      decided = true;
      return endWhole(req, res, end, accepted, chunk, encoding, callback);
    } as typeof res.end;
    next();
  };
}
