import { fileResource } from '@platform/contracts/files/file';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { asResourceEvent, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { START, type EventStore } from '../event-store/index.ts';
import type { BlobStore } from './storage.ts';

/** How long a blob no record names is kept: an upload between its blob's commit and its event is never swept. */
export const BLOB_SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

const PAGE = 1000;

/** The blob hashes a record's attributes name: its content and its preview variant. */
function hashesOf(attributes: Record<string, unknown>): string[] {
  const hashes: string[] = [];
  if (typeof attributes.hash === 'string') hashes.push(attributes.hash);
  const preview = attributes.preview as { hash?: unknown } | null | undefined;
  if (preview && typeof preview.hash === 'string') hashes.push(preview.hash);
  return hashes;
}

/**
 * The blobs the records name now (ADR 0027), read from the event log itself rather than a read model, so that a
 * projection behind or being rebuilt never makes a named blob look unused: per file and secured-file stream, its
 * current content and preview (a replaced content is no longer named; its URL answers 404), while it is not deleted
 * (a soft-deleted file keeps its blobs: it may be restored).
 */
export async function namedBlobs(eventStore: EventStore): Promise<Set<string>> {
  const definitions: readonly ResourceDefinition[] = [fileResource, securedFileResource];
  const byCategory = new Map(definitions.map((d) => [d.category, d]));
  const current = new Map<string, { content: string | null; preview: string | null }>();
  let from = START;
  for (;;) {
    const events = await eventStore.readAll({
      fromPosition: from,
      maxCount: PAGE,
      filter: { categories: [...byCategory.keys()] },
    });
    for (const event of events) {
      const definition = byCategory.get(event.streamId.slice(0, event.streamId.indexOf('-')));
      const change = definition ? asResourceEvent(definition, event) : null;
      if (!change) continue;
      if (change.kind === 'deleted') {
        current.delete(event.streamId);
        continue;
      }
      if (change.kind !== 'created' && change.kind !== 'updated') continue;
      const attributes = (change.data.attributes ?? {}) as Record<string, unknown>;
      const before = current.get(event.streamId) ?? { content: null, preview: null };
      const after = { ...before };
      if (typeof attributes.hash === 'string') after.content = attributes.hash;
      if ('preview' in attributes) after.preview = hashesOf({ preview: attributes.preview })[0] ?? null;
      current.set(event.streamId, after);
    }
    if (events.length < PAGE) break;
    from = events.at(-1)!.globalPosition;
  }
  const named = new Set<string>();
  for (const { content, preview } of current.values()) {
    if (content) named.add(content);
    if (preview) named.add(preview);
  }
  return named;
}

export interface BlobSweep {
  /** blobs looked at */
  seen: number;
  /** the hashes removed: named by no record, stored before the grace period */
  removed: string[];
}

/**
 * Removes the blobs no file or secured file names (an upload refused after its blob was committed, a file
 * deleted, a content replaced), except those stored less than `graceMs` ago: an upload commits its blob before
 * its event is appended, and a second upload of the same bytes makes the blob young again, so a blob about to be
 * named is never removed. What the records name is read once, before the blobs are listed.
 */
export async function sweepBlobs(options: {
  eventStore: EventStore;
  store: BlobStore;
  now: Date;
  graceMs?: number;
}): Promise<BlobSweep> {
  const storedBefore = new Date(options.now.getTime() - (options.graceMs ?? BLOB_SWEEP_GRACE_MS));
  const named = await namedBlobs(options.eventStore);
  const removed: string[] = [];
  let seen = 0;
  for await (const blob of options.store.list()) {
    seen++;
    if (named.has(blob.hash) || blob.storedAt >= storedBefore) continue;
    if (await options.store.removeIfStoredBefore(blob.hash, storedBefore)) removed.push(blob.hash);
  }
  return { seen, removed };
}
