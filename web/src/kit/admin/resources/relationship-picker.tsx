import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '../../api/api-context.tsx';
import { ComboBox, type ComboBoxOption } from '../../ui/combo-box.tsx';
import { RemovableTags } from '../../ui/tag-group.tsx';
import { relationshipIds, type FormField, type FormValue } from './form-model.ts';
import {
  relatedDetail,
  relatedTitle,
  relatedView,
  searchable,
  titleAttributes,
  type IncludedIndex,
} from './record-title.ts';
import { CHOICES_PAGE_SIZE, resourceApi } from './resource-api.ts';
import { useRecordTitle, useResourceT } from './resource-ui.tsx';

/** How long the reader may pause between keys before the typed text is searched. */
export const SEARCH_DELAY_MS = 250;

/** The last search: its choices count once it is ready (while searching, the list says so). */
interface Found {
  status: 'idle' | 'searching' | 'ready' | 'failed';
  options: ComboBoxOption[];
}

const Field = styled.div`
  margin-bottom: 1.25rem;
`;

const matches = (label: string, text: string) =>
  label.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());

/**
 * A relationship's field: a combo box that searches the related type's records as the reader types and offers
 * them by name; the value stays the chosen id (to-one) or ids, one a line (to-many, shown as removable tags
 * below the box). Names of the records already chosen come from the read document's `included`.
 */
export function RelationshipPicker({
  field,
  label,
  description,
  error,
  value,
  onChange,
  included,
  noneOption,
}: {
  field: FormField & { relationship: { type: string; many: boolean } };
  label: string;
  description?: string;
  error?: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  included: IncludedIndex;
  /** a choice of no record, offered first (a list's filter: "not set"); its id is the value when chosen */
  noneOption?: ComboBoxOption;
}) {
  const t = useResourceT();
  const titleOf = useRecordTitle();
  const api = useApi();
  const { type, many } = field.relationship;
  const ids = relationshipIds(value);
  const chosen = many ? null : (ids[0] ?? null);
  // names of records picked here; the others are named by the document the form was read with
  const [picked, setPicked] = useState<Record<string, string>>({});
  const nameOf = (id: string) =>
    id === noneOption?.id
      ? noneOption.label
      : (picked[id] ?? titleOf(type, id, relatedView(type, id, included).title));
  const [input, setInput] = useState(() => (chosen ? nameOf(chosen) : ''));
  // what the reader asked for: null until they type or open the list
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<Found>({ status: 'idle', options: [] });
  // a chosen record named after the box was first shown (a list filter's, read by itself): its name replaces its id,
  // unless the reader is typing
  const chosenName = chosen ? nameOf(chosen) : null;
  useEffect(() => {
    if (chosenName !== null && query === null) setInput(chosenName);
    // only a new name puts it in the box
  }, [chosenName]);

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const bySearch = searchable(type);
    setFound((f) => ({ status: 'searching', options: f.options }));
    const timer = setTimeout(() => {
      resourceApi
        .choices(api, type, {
          search: query,
          searchable: bySearch,
          fields: titleAttributes(type),
          signal: controller.signal,
        })
        .then(
          (rows) => {
            const options = rows.map((r) => ({
              id: r.id,
              label: titleOf(type, r.id, relatedTitle(type, r.id, r.attributes)),
              detail: relatedDetail(type, r.attributes),
            }));
            setFound({
              status: 'ready',
              options: bySearch
                ? options
                : options.filter((o) => matches(o.label, query)).slice(0, CHOICES_PAGE_SIZE),
            });
          },
          () => controller.signal.aborted || setFound({ status: 'failed', options: [] }),
        );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, type, query, titleOf]);

  const shown = found.status === 'ready' ? found.options : [];
  // the chosen record stays among a to-one box's options so that react-aria can put its name back on blur
  const listed = many
    ? shown.filter((o) => !ids.includes(o.id))
    : chosen && chosen !== noneOption?.id && !shown.some((o) => o.id === chosen)
      ? [...shown, { id: chosen, label: nameOf(chosen) }]
      : shown;
  // "none" while nothing is typed, or what is typed is its name
  const options =
    noneOption && (chosen === noneOption.id || !query?.trim() || matches(noneOption.label, query))
      ? [noneOption, ...listed]
      : listed;
  const emptyText =
    found.status === 'searching'
      ? t('admin.resources.picker.searching')
      : found.status === 'failed'
        ? t('admin.resources.picker.failed')
        : found.status === 'ready'
          ? t('admin.resources.picker.noMatch')
          : t('admin.resources.picker.typeToSearch');

  // with the value and the text both held here, react-aria leaves the text to this handler: on a pick, and on a
  // blur that puts back the chosen record's name (or empties the box)
  const choose = (key: string | null) => {
    setQuery(null);
    if (key === null) {
      if (!many && chosen) onChange('');
      setInput('');
      return;
    }
    if (!many && key === chosen) {
      setInput(nameOf(key));
      return;
    }
    const option = options.find((o) => o.id === key);
    if (option) setPicked((p) => ({ ...p, [key]: option.label }));
    if (many) {
      if (!ids.includes(key)) onChange([...ids, key].join('\n'));
      setInput('');
    } else {
      onChange(key);
      setInput(option?.label ?? key);
    }
  };

  const typed = (text: string) => {
    if (text === input) return;
    setInput(text);
    // react-aria putting the chosen record's name back is not a search
    if (chosen && text === nameOf(chosen)) return;
    // emptying a to-one box chooses no record
    if (!many && chosen && text === '') onChange('');
    setQuery(text);
  };

  const box = (
    <ComboBox
      label={label}
      description={description}
      errorMessage={error}
      options={options}
      emptyText={emptyText}
      openLabel={t('admin.resources.picker.open')}
      inputValue={input}
      onInputChange={typed}
      value={chosen}
      onChange={(key) => choose(key === null ? null : String(key))}
      onOpenChange={(open) => {
        if (open && query === null) setQuery(chosen ? '' : input);
      }}
    />
  );
  if (!many) return box;
  return (
    <Field>
      {box}
      <RemovableTags
        aria-label={t('admin.resources.picker.chosen', { label })}
        tags={ids.map((id) => ({ id, label: nameOf(id) }))}
        removeLabel={t('admin.resources.picker.remove')}
        emptyText={t('admin.resources.picker.none')}
        onRemove={(removed) => onChange(ids.filter((id) => !removed.includes(id)).join('\n'))}
      />
    </Field>
  );
}
