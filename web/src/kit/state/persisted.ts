import { atom, type WritableAtom } from 'jotai';
import { broadcast, onBroadcast, type BroadcastMessage } from './broadcast.ts';
import type { StorageKey } from './storage-keys.ts';

export interface Codec<T> {
  /** never throws: whatever is stored (absent, hand-edited, older shape) becomes a valid value */
  parse(raw: string | null): T;
  serialize(value: T): string;
}

export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode): the app still works with defaults
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* quota or disabled storage: the value lives for this page only */
  }
}

const REFRESH = Symbol('refresh');
type Update<T> = T | ((previous: T) => T);

/**
 * An atom kept in local storage under one of STORAGE_KEYS. Read lazily per store (each test or app root
 * reads the storage as it is then); a write stores, then tells the other tabs with `topic`, and they re-read.
 */
export function persistedAtom<T>(
  key: StorageKey,
  codec: Codec<T>,
  topic?: BroadcastMessage['type'],
): WritableAtom<T, [Update<T>], void> {
  const UNSET = Symbol('unset');
  const base = atom<T | typeof UNSET>(UNSET);
  const value = atom(
    (get) => {
      const v = get(base);
      return v === UNSET ? codec.parse(readStorage(key)) : v;
    },
    (get, set, update: Update<T> | typeof REFRESH) => {
      if (update === REFRESH) {
        set(base, codec.parse(readStorage(key)));
        return;
      }
      const next = typeof update === 'function' ? (update as (p: T) => T)(get(value)) : update;
      writeStorage(key, codec.serialize(next));
      set(base, next);
      if (topic) broadcast({ type: topic } as BroadcastMessage);
    },
  );
  if (topic) {
    value.onMount = (setSelf) =>
      onBroadcast((message) => {
        if (message.type === topic) setSelf(REFRESH);
      });
  }
  return value as WritableAtom<T, [Update<T>], void>;
}

export const jsonCodec = <T>(parse: (value: unknown) => T): Codec<T> => ({
  parse(raw) {
    if (raw === null) return parse(undefined);
    try {
      return parse(JSON.parse(raw));
    } catch {
      return parse(undefined);
    }
  },
  serialize: (value) => JSON.stringify(value),
});
