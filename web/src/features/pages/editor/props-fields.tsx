import { createContext, useContext, useId } from 'react';
import styled from 'styled-components';
import { NumberField } from '../../../kit/admin/resources/number-field.tsx';
import { relationshipIds } from '../../../kit/admin/resources/form-model.ts';
import { RelationshipPicker } from '../../../kit/admin/resources/relationship-picker.tsx';
import { indexIncluded, titleAttributes } from '../../../kit/admin/resources/record-title.ts';
import { resourceApi } from '../../../kit/admin/resources/resource-api.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { FieldGroup } from '../../../kit/ui/field.tsx';
import { Select } from '../../../kit/ui/select.tsx';
import { Switch } from '../../../kit/ui/switch.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { usePageEditorT } from './messages.ts';
import {
  emptyValue,
  isRecord,
  pathKey,
  setAt,
  switchUnion,
  unionOption,
  type ArrayNode,
  type ObjectNode,
  type PropNode,
  type PropPath,
  type RecordsNode,
  type UnionNode,
} from './props-model.ts';
import { moveItem, type Direction } from './reorder.ts';

/**
 * The fields of a component's props, generated from its props schema (props-model.ts): texts, numbers,
 * switches, choices, nested groups, lists of items (add, move, remove) and links (internal or external). Each
 * field shows the error the server put on its path (`buttons.0.path`).
 */

export const Group = styled.fieldset`
  margin: 0 0 1.25rem;
  padding: 0.75rem 0 0.25rem 0.75rem;
  border: none;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  min-width: 0;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 0.5rem;
  }
  .help {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    margin-bottom: 0.5rem;
  }
`;

/** A group's or a switch's error (react-aria's FieldError shows only inside a field). */
export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.875rem;
  margin: 0.25rem 0 0.5rem;
`;

const SwitchRow = styled.div`
  margin-bottom: 1.25rem;
  .help {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;

/** A group of fields named by its legend, its limits and its error read with it. */
function GroupBox({
  legend,
  help,
  error,
  children,
}: {
  legend: string;
  help?: string | null;
  error?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Group aria-describedby={describedBy || undefined} data-invalid={error ? 'true' : undefined}>
      <legend>{legend}</legend>
      {help ? (
        <span className="help" id={`${id}-help`}>
          {help}
        </span>
      ) : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
      {children}
    </Group>
  );
}

/** A switch, with the error the server put on it. */
function SwitchField({
  label,
  isSelected,
  onChange,
  error,
}: {
  label: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <SwitchRow>
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {label}
      </Switch>
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </SwitchRow>
  );
}

interface FormContext {
  errors: Readonly<Record<string, string>>;
  /** a prop's name as the editor reads it */
  label: (name: string) => string;
}

const Context = createContext<FormContext>({ errors: {}, label: (name) => name });

/** `titleImage` → "Title image": the label of a prop no message names yet. */
export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function usePropLabels() {
  const lookup = useMessageLookup();
  return {
    label: (name: string) => lookup(`pageEditor.prop.${name}`) ?? humanize(name),
    enumValue: (value: string) => lookup(`pageEditor.enum.${value}`) ?? value,
  };
}

/** The generated fields of one component's props. */
export function PropsFields({
  node,
  value,
  onChange,
  errors,
}: {
  node: ObjectNode;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const { label } = usePropLabels();
  return (
    <Context.Provider value={{ errors, label }}>
      <ObjectFields
        node={node}
        value={value}
        path={[]}
        onChange={(next) => onChange(isRecord(next) ? next : {})}
      />
    </Context.Provider>
  );
}

interface FieldProps<N extends PropNode = PropNode> {
  node: N;
  value: unknown;
  path: PropPath;
  onChange: (value: unknown) => void;
}

function ObjectFields({ node, value, path, onChange, skip }: FieldProps<ObjectNode> & { skip?: string }) {
  const record = isRecord(value) ? value : {};
  return (
    <>
      {node.fields
        .filter((f) => f.name !== skip && f.node.kind !== 'literal')
        .map((f) => (
          <PropField
            key={f.name}
            name={f.name}
            node={f.node}
            value={record[f.name]}
            path={[...path, f.name]}
            onChange={(v) => onChange({ ...record, [f.name]: v })}
          />
        ))}
    </>
  );
}

/** One prop: its widget, or a group of fields; a group that may be null has a switch to add or remove it. */
function PropField({ name, node, value, path, onChange }: FieldProps & { name: string }) {
  const t = usePageEditorT();
  const { errors, label } = useContext(Context);
  const text = label(name);
  const error = errors[pathKey(path)];
  const grouped = node.kind === 'object' || node.kind === 'union' || node.kind === 'array';
  if (grouped && node.nullable) {
    const on = value !== null && value !== undefined;
    return (
      <>
        <SwitchField
          label={t('pageEditor.props.include', { label: text })}
          isSelected={on}
          onChange={(selected) => onChange(selected ? emptyValue(node) : null)}
          error={on ? undefined : error}
        />
        {on ? <Widget label={text} node={node} value={value} path={path} onChange={onChange} /> : null}
      </>
    );
  }
  return <Widget label={text} node={node} value={value} path={path} onChange={onChange} />;
}

function Widget({ label, node, value, path, onChange }: FieldProps & { label: string }) {
  const t = usePageEditorT();
  const { enumValue } = usePropLabels();
  const { errors } = useContext(Context);
  const error = errors[pathKey(path)];
  const required = node.kind === 'text' && node.minLength !== undefined;
  const shown = required ? t('admin.resources.requiredLabel', { label }) : label;
  switch (node.kind) {
    case 'text':
      return (
        <TextField
          label={shown}
          description={
            node.maxLength !== undefined
              ? t('admin.resources.limit.maxLength', { max: node.maxLength })
              : undefined
          }
          errorMessage={error}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          maxLength={node.maxLength}
          multiline={node.multiline}
        />
      );
    case 'number':
      return (
        <NumberField
          label={shown}
          description={
            node.min !== undefined && node.max !== undefined
              ? t('admin.resources.limit.range', { min: node.min, max: node.max })
              : undefined
          }
          errorMessage={error}
          value={typeof value === 'number' ? value : Number.NaN}
          onChange={(n) => onChange(Number.isNaN(n) ? null : n)}
          minValue={node.min}
          maxValue={node.max}
          step={node.integer ? 1 : undefined}
          formatOptions={
            node.integer ? { maximumFractionDigits: 0, useGrouping: false } : { useGrouping: false }
          }
        />
      );
    case 'boolean':
      return <SwitchField label={label} isSelected={value === true} onChange={onChange} error={error} />;
    case 'enum':
      return (
        <FieldGroup>
          <Select
            label={label}
            errorMessage={error}
            options={node.values.map((v) => ({ id: v, label: enumValue(v) }))}
            value={typeof value === 'string' ? value : null}
            onChange={(key) => onChange(key === null ? null : String(key))}
          />
        </FieldGroup>
      );
    case 'object':
      return (
        <GroupBox legend={label} error={error}>
          <ObjectFields node={node} value={value} path={path} onChange={onChange} />
        </GroupBox>
      );
    case 'union':
      return <UnionFields label={label} node={node} value={value} path={path} onChange={onChange} />;
    case 'array':
      return <ArrayFields label={label} node={node} value={value} path={path} onChange={onChange} />;
    case 'records':
      return <RecordsField label={label} node={node} value={value} path={path} onChange={onChange} />;
    case 'literal':
      return null;
    case 'json':
      return (
        <TextField
          label={label}
          errorMessage={error}
          multiline
          spellCheck="false"
          defaultValue={value === undefined ? '' : JSON.stringify(value, null, 2)}
          onChange={(raw) => {
            try {
              onChange(JSON.parse(raw));
            } catch {
              // kept as it was until the text is JSON again
            }
          }}
        />
      );
  }
}

/**
 * Records an editor picks (the selected open badges): the back office's picker, searching the type's records as
 * the editor types, the chosen ones as removable tags in their order; named by a read of the type's first records.
 */
function RecordsField({ label, node, value, path, onChange }: FieldProps<RecordsNode> & { label: string }) {
  const t = usePageEditorT();
  const api = useApi();
  const { errors } = useContext(Context);
  const ids = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value
      ? [value]
      : [];
  const { state } = useLoaded(
    (signal) =>
      resourceApi.choices(api, node.type, {
        search: '',
        searchable: false,
        fields: titleAttributes(node.type),
        signal,
      }),
    [api, node.type],
  );
  const included = indexIncluded(
    state.status === 'ready'
      ? state.value.map((r) => ({ type: r.type, id: r.id, attributes: r.attributes ?? {} }))
      : [],
  );
  return (
    <RelationshipPicker
      field={{
        name: pathKey(path),
        widget: 'relationship',
        kind: 'relationship',
        required: false,
        nullable: false,
        relationship: { type: node.type, many: !node.single },
      }}
      label={label}
      description={
        node.max !== undefined && !node.single
          ? t('pageEditor.props.itemsAtMost', { max: node.max })
          : undefined
      }
      error={errors[pathKey(path)]}
      value={ids.join('\n')}
      onChange={(next) => onChange(node.single ? (relationshipIds(next)[0] ?? null) : relationshipIds(next))}
      included={included}
    />
  );
}

/** A value of several shapes (a link: internal or external): the shape is chosen first, then its fields. */
function UnionFields({ label, node, value, path, onChange }: FieldProps<UnionNode> & { label: string }) {
  const { errors } = useContext(Context);
  return (
    <GroupBox legend={label} error={errors[pathKey(path)]}>
      <UnionItem node={node} value={value} path={path} onChange={onChange} />
    </GroupBox>
  );
}

/** A list of items: each in its own group, moved up or down, removed; new items added at the end. */
function ArrayFields({ label, node, value, path, onChange }: FieldProps<ArrayNode> & { label: string }) {
  const t = usePageEditorT();
  const { errors } = useContext(Context);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const error = errors[pathKey(path)];
  const full = node.max !== undefined && items.length >= node.max;
  const limits =
    node.min !== undefined && node.max !== undefined
      ? t('pageEditor.props.itemsBetween', { min: node.min, max: node.max })
      : node.max !== undefined
        ? t('pageEditor.props.itemsAtMost', { max: node.max })
        : null;
  const move = (index: number, direction: Direction) => onChange(moveItem(items, index, direction));
  return (
    <GroupBox legend={label} help={limits} error={error}>
      {items.map((item, index) => {
        const itemLabel = t('pageEditor.props.item', { list: label, number: index + 1 });
        const itemPath = [...path, index];
        const itemChange = (v: unknown) => onChange(setAt(items, [index], v));
        return (
          <GroupBox key={index} legend={itemLabel} error={errors[pathKey(itemPath)]}>
            {node.item.kind === 'object' ? (
              <ObjectFields node={node.item} value={item} path={itemPath} onChange={itemChange} />
            ) : node.item.kind === 'union' ? (
              <UnionItem node={node.item} value={item} path={itemPath} onChange={itemChange} />
            ) : (
              <Widget label={itemLabel} node={node.item} value={item} path={itemPath} onChange={itemChange} />
            )}
            <ItemActions>
              <Button
                size="small"
                variant="secondary"
                isDisabled={index === 0}
                aria-label={t('pageEditor.props.moveItemUp', { item: itemLabel })}
                onPress={() => move(index, 'up')}
              >
                {t('pageEditor.components.moveUp')}
              </Button>
              <Button
                size="small"
                variant="secondary"
                isDisabled={index === items.length - 1}
                aria-label={t('pageEditor.props.moveItemDown', { item: itemLabel })}
                onPress={() => move(index, 'down')}
              >
                {t('pageEditor.components.moveDown')}
              </Button>
              <Button
                size="small"
                variant="secondary"
                aria-label={t('pageEditor.props.removeItem', { item: itemLabel })}
                onPress={() => onChange(items.filter((_, i) => i !== index))}
              >
                {t('pageEditor.components.remove')}
              </Button>
            </ItemActions>
          </GroupBox>
        );
      })}
      <Button
        size="small"
        variant="secondary"
        isDisabled={full}
        onPress={() => onChange([...items, emptyValue(node.item)])}
      >
        {t('pageEditor.props.addItem', { list: label })}
      </Button>
    </GroupBox>
  );
}

/** The shape chooser and fields of a value of several shapes, without a group of its own (a list item: a button). */
function UnionItem({ node, value, path, onChange }: FieldProps<UnionNode>) {
  const { errors, label } = useContext(Context);
  const { enumValue } = usePropLabels();
  const option = unionOption(node, value);
  return (
    <>
      <FieldGroup>
        <Select
          label={label(node.discriminator)}
          errorMessage={errors[pathKey([...path, node.discriminator])]}
          options={node.options.map((o) => ({ id: o.value, label: enumValue(o.value) }))}
          value={option?.value ?? null}
          onChange={(key) => key !== null && onChange(switchUnion(node, value, String(key)))}
        />
      </FieldGroup>
      {option ? (
        <ObjectFields
          node={option.node}
          value={value}
          path={path}
          onChange={onChange}
          skip={node.discriminator}
        />
      ) : null}
    </>
  );
}
