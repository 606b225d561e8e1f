/**
 * Answer bodies that are sent again and again as the same Buffer and never changed (the read cache's answers,
 * query-api/src/read-cache.ts). The host's compression (host/src/compression.ts) keeps the compressed forms of
 * such a body beside it, one per encoding, so that a cached read is compressed once, not once per answer. The
 * forms are held weakly, by the body: when the body is dropped (evicted from its cache), they go with it.
 *
 * Only a body that will never be written to again may be marked: its compressed forms are reused as they are.
 */
const forms = new WeakMap<Uint8Array, Map<string, Buffer>>();

/** Marks `body` as unchanging: its compressed forms may be kept and reused. */
export function markUnchanging(body: Uint8Array): void {
  if (!forms.has(body)) forms.set(body, new Map());
}

/** The compressed forms kept for `body` by encoding (empty until one is made), or undefined when it is not marked. */
export function compressedFormsOf(body: Uint8Array): Map<string, Buffer> | undefined {
  return forms.get(body);
}
