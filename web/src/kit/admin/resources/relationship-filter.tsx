import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import type { RelationshipFilter as Filter } from './list-query.ts';
import { includedRecord, indexIncluded, type IncludedIndex, type IncludedRecord } from './record-title.ts';
import { resourceApi } from './resource-api.ts';
import { RelationshipPicker } from './relationship-picker.tsx';
import { useResourceT } from './resource-ui.tsx';

/** The value of a to-one filter choosing the records that name no related record (query-api's `null`). */
export const NONE_FILTER = 'null';

/**
 * A list's filter by a related record (list-query.ts `listRelationshipFilters`): a combo box searching the related
 * type as a form's relationship field does, one record at a time, and on a to-one relationship a first choice of
 * none ("Not set"). The value is the chosen id, `null`, or empty for any. A record the address names is named by
 * the list's rows when they include it, else read once by itself (the reader's own right to see it decides; a
 * record they may not read keeps showing its id).
 */
export function RelationshipFilterField({
  filter,
  label,
  value,
  onChange,
  included,
}: {
  filter: Filter;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the records the list's rows include */
  included: IncludedIndex;
}) {
  const t = useResourceT();
  const api = useApi();
  const { name, type, many } = filter;
  const chosen = value !== '' && value !== NONE_FILTER ? value : null;
  const named = chosen ? includedRecord(type, chosen, included) : undefined;
  const [read, setRead] = useState<IncludedRecord | null>(null);
  const unnamed = chosen !== null && !named;
  useEffect(() => {
    if (!unnamed || !chosen) return;
    const controller = new AbortController();
    resourceApi.find(api, type, chosen, { signal: controller.signal }).then(
      (doc) => controller.signal.aborted || setRead({ type, id: chosen, attributes: doc.data.attributes }),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, type, chosen, unnamed]);
  const known = named ?? (read && read.id === chosen && read.type === type ? read : undefined);
  const names = useMemo(() => indexIncluded(known ? [known] : []), [known]);
  return (
    <RelationshipPicker
      field={{
        name,
        widget: 'relationship',
        kind: 'relationship',
        required: false,
        nullable: !many,
        relationship: { type, many: false },
      }}
      label={label}
      value={value}
      onChange={(v) => onChange(typeof v === 'string' ? v : '')}
      included={names}
      noneOption={many ? undefined : { id: NONE_FILTER, label: t('admin.resources.filter.empty') }}
    />
  );
}
