import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import { markUnchanging } from '@platform/infra/http/unchanging-bodies';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { serializeDocument } from './jsonapi/document.ts';
import { consistencyOf } from './min-position.ts';
import type { ReadModelVersions } from './read-model-versions.ts';

/**
 * The part of a viewer that decides what the public reads show them: administrators see everything; everyone
 * else what their sign-in, access level weight and roles open (visibility.ts). Two viewers with the same key get
 * the same answers from the routes that use it.
 */
export function visibilityKey(viewer: Viewer): string {
  if (isAdministrator(viewer)) return 'admin';
  const roles = viewer.roles.length ? [...viewer.roles].sort().join(',') : '';
  return `${viewer.userId === null ? 'anon' : 'user'}|${viewer.accessWeight}|${roles}`;
}

interface Entry {
  generation: number;
  body: Buffer;
  etag: string;
}

export interface ReadCacheOptions {
  /**
   * bound on the bytes of cached bodies (default 32 MB); the least recently used go first. The compressed forms
   * the host keeps beside a body (host/src/compression.ts, a fraction of its size each) are not counted.
   */
  maxBytes?: number;
}

export interface SendReadOptions {
  /** the projections the answer is built from (as given to readAfter) */
  projections: readonly string[];
  /** what the answer depends on besides the URL; default: `visibilityKey(viewer)` */
  variant?: string;
}

/**
 * Conditional, cached answers for the public reads (pages, menu, environment, and any read built the same way).
 *
 * - The document is built once per (variant, URL) and read-model generation (read-model-versions.ts), kept as
 *   its serialised bytes with a strong ETag, and answered from memory until a projection it reads moves: a read
 *   then costs neither SQL nor serialisation, and does not grow with the size of the tables.
 * - `If-None-Match` with the current ETag answers 304. The ETag hashes the variant with the body, so an ETag
 *   one viewer got never validates another viewer's answer, even where the two bodies happen to match.
 * - `Cache-Control: no-cache` (private for signed-in viewers) with `Vary: Cookie, Authorization`: caches may
 *   keep an answer but must revalidate it on every use, so a reader never gets an answer older than what the
 *   origin would give; a shared cache never stores a signed-in viewer's answer and never answers one viewer's
 *   request with another's (Vary).
 * - A read with minPosition / X-Min-Position is built fresh after the wait (readAfter) and never read from or
 *   written to the cache: it must see its write, and its document names the position. It is still
 *   conditional.
 */
export function createReadCache(versions: ReadModelVersions, options: ReadCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remember = (key: string, entry: Entry) => {
    const previous = entries.get(key);
    if (previous) {
      bytes -= previous.body.length;
      entries.delete(key);
    }
    if (entry.body.length > maxBytes / 4) return;
    // a kept body is sent as it is until dropped: the host compresses it once per encoding, not per answer
    markUnchanging(entry.body);
    entries.set(key, entry);
    bytes += entry.body.length;
    // Map keeps insertion order: the first keys are the least recently used (a hit re-inserts its key)
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.body.length;
    }
  };

  const etagOf = (variant: string, body: Buffer) =>
    `"${createHash('sha1').update(variant).update('\n').update(body).digest('base64url')}"`;

  /** Sends `body` (or a 304 when the request already holds its ETag), with the caching headers. */
  function answer(req: Request, res: Response, viewer: Viewer, entry: Pick<Entry, 'body' | 'etag'>) {
    res.setHeader(
      'Cache-Control',
      viewer.userId === null && !isAdministrator(viewer) ? 'no-cache' : 'private, no-cache',
    );
    res.setHeader('Vary', 'Cookie, Authorization');
    res.setHeader('ETag', entry.etag);
    if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
      res.removeHeader('Content-Type');
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', `${JSON_API_MEDIA_TYPE}; charset=utf-8`);
    res.setHeader('Content-Length', entry.body.length);
    res.end(entry.body);
  }

  return {
    /**
     * Answers a read: from the cache when the read models have not moved since it was built, else from `build`
     * (the route's document; errors it throws go to the error middleware as usual, and are not cached).
     */
    async send(
      req: Request,
      res: Response,
      options: SendReadOptions,
      build: () => Promise<unknown> | unknown,
    ) {
      const viewer = viewerOf(res);
      const variant = options.variant ?? visibilityKey(viewer);
      const cacheable = consistencyOf(res).position === undefined;
      // a read that waited for its position has seen the projections move: what is cached may be older
      if (!cacheable) versions.invalidate(options.projections);
      const generation = cacheable ? versions.generation(options.projections) : undefined;
      const key = `${variant}\n${req.originalUrl}`;
      if (generation !== undefined) {
        const hit = entries.get(key);
        if (hit && hit.generation === generation) {
          entries.delete(key);
          entries.set(key, hit);
          answer(req, res, viewer, hit);
          return;
        }
      }
      const body = Buffer.from(serializeDocument(await build()));
      const entry = { generation: generation ?? -1, body, etag: etagOf(variant, body) };
      if (generation !== undefined && versions.generation(options.projections) === generation) {
        remember(key, entry);
      }
      answer(req, res, viewer, entry);
    },
    /** how many answers are kept, and their bytes (for tests and diagnostics) */
    size: () => ({ entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/**
 * If-None-Match: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2): a tag the host's compression
 * made weak (`W/"..."`) still names the answer.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
