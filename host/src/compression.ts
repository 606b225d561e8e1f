import type { ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

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
 * A strong ETag names one exact sequence of bytes (RFC 9110 §8.8.1): once an answer is compressed here, its bytes
 * are not those the ETag was computed on, so the tag goes out weak (`W/"..."`), as reverse proxies do. Revalidation
 * is unchanged: If-None-Match compares tags weakly (the read cache's `matches`).
 */
export function weakenedEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

/** Weakens the answer's ETag when the compression middleware set a Content-Encoding, as the headers are written. */
function weakenCompressedEtags(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    // wrapped before the compression middleware wraps it: its hook (which sets Content-Encoding) runs first
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const etag = this.getHeader('ETag');
      if (typeof etag === 'string' && this.getHeader('Content-Encoding') !== undefined) {
        this.setHeader('ETag', weakenedEtag(etag));
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** `Cache-Control: no-transform` forbids changing the answer's encoding: the compression middleware's own test. */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

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
 * What the compression middleware does for a request without Accept-Encoding, which it always answers as it is
 * (identity is the only encoding such a client takes): an answer it would compress for another client says
 * `Vary: Accept-Encoding`. Only a hook on the headers, where the middleware wraps every answer's writing (its
 * set-up, the same for every size and whether or not it compresses, was about a fifth of a cached read's CPU).
 * Headers given to writeHead are set first, as the middleware's hook (on-headers) sees them.
 */
function varyByEncoding(): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const at = typeof args[1] === 'string' ? 2 : 1;
      if (args.length > at) {
        setGivenHeaders(this, args[at]);
        args.length = at;
      }
      const cacheControl = this.getHeader('Cache-Control');
      if (
        compression.filter(req, res) &&
        !(typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl))
      ) {
        res.vary('Accept-Encoding');
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/**
 * The on-the-fly compression of every dynamic answer, mounted once for the whole site (platform.ts). It adds
 * `Vary: Accept-Encoding` to every compressible answer, leaves an answer that is already encoded (a precompressed
 * file of the build) as it is, and compresses only types worth it (text, JSON, JavaScript, SVG; not images or
 * fonts). The platform streams no answer (no Server-Sent Events, no res.write of a long answer): each answer is
 * compressed whole. A request without Accept-Encoding is never compressed: it only gets the Vary.
 */
export function compressAnswers(): RequestHandler {
  const weaken = weakenCompressedEtags();
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
  });
  const varyOnly = varyByEncoding();
  return (req, res, next) => {
    // the middleware's own rule: no Accept-Encoding (or an empty one) is answered in identity
    if (!req.headers['accept-encoding']) {
      varyOnly(req, res, next);
      return;
    }
    void weaken(req, res, (error?: unknown) => (error ? next(error) : void compress(req, res, next)));
  };
}
