import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import type { HistoryRef } from './history.ts';
import { indexIncluded, type IncludedIndex, type IncludedRecord } from './record-title.ts';
import { resourceApi } from './resource-api.ts';

/**
 * The records a history screen names, read to show their names: each with its own read, which asks the reader's
 * right to see it (a record they may not see, or one deleted since, keeps showing its id). `refs` is kept by the
 * caller (a memo): a new list reads them again.
 */
export function useNamedRecords(api: ApiClient, refs: readonly HistoryRef[]): IncludedIndex {
  const [named, setNamed] = useState<IncludedIndex>(() => indexIncluded([]));
  useEffect(() => {
    const readable = refs.filter((ref) => resourceDefinition(ref.type));
    if (!readable.length) return;
    const controller = new AbortController();
    void Promise.all(
      readable.map((ref) =>
        resourceApi
          .find(api, ref.type, ref.id, { signal: controller.signal })
          .then((doc): IncludedRecord => ({ type: ref.type, id: ref.id, attributes: doc.data.attributes }))
          .catch(() => null),
      ),
    ).then((found) => {
      if (!controller.signal.aborted) setNamed(indexIncluded(found.filter((r) => r !== null)));
    });
    return () => controller.abort();
  }, [api, refs]);
  return named;
}
