import { useId } from 'react';
import styled from 'styled-components';
import { useMessageLookup } from '../../i18n/use-t.ts';
import { Select } from '../../ui/select.tsx';
import { Switch } from '../../ui/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { FormField, FormValue } from './form-model.ts';
import { FileField, FileListField } from './file-field.tsx';
import { NumberField } from './number-field.tsx';
import { indexIncluded, type IncludedIndex } from './record-title.ts';
import { RelationshipPicker } from './relationship-picker.tsx';
import { useResourceT } from './resource-ui.tsx';
import { useViewerTimeZone } from '../../session/time-zone.ts';

const SwitchGroup = styled.div`
  margin-bottom: 1.25rem;
  .help,
  .error {
    display: block;
    font-size: 0.875rem;
    margin-top: 0.25rem;
  }
  .help {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
  }
`;

const NONE = '__none__';
const NOTHING_INCLUDED = indexIncluded([]);

/**
 * The react-aria field of one attribute or relationship, chosen by its kind (form-model.ts): text, multi-line
 * text, number, switch, select, date and time, JSON, a picker of related records (named from `included`, the
 * records the form's document came with), a file field's upload (file-field.tsx). The label says when a value is required; the description states the
 * schema's limits; a server or client message shows on the field.
 */
export function FieldWidget({
  type,
  field,
  label,
  enumLabel,
  value,
  onChange,
  error,
  included = NOTHING_INCLUDED,
}: {
  type: string;
  field: FormField;
  label: string;
  enumLabel: (value: string) => string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string;
  included?: IncludedIndex;
}) {
  const t = useResourceT();
  const lookup = useMessageLookup();
  const shownLabel = field.required ? t('admin.resources.requiredLabel', { label }) : label;
  // a secret the platform makes says so, unless its type says more (a form's link: the old one stops working)
  const ownHelp =
    lookup(`admin.resources.help.${type}.${field.name}`) ??
    (field.generated === 'secret' ? t('admin.resources.generatedSecretHelp') : undefined);
  // a date and time is read on the member's clock, whatever their device's: its help names the zone
  const zone = useViewerTimeZone();
  const help = [ownHelp, limits(field, t, zone)].filter(Boolean).join(' ');
  const description = help || undefined;
  const text = typeof value === 'string' ? value : '';
  const helpId = useId();
  const errorId = useId();

  switch (field.widget) {
    case 'switch':
      return (
        <SwitchGroup>
          {/* react-aria's FieldError shows only inside a field that validates; a switch is not one, so its help and
              error are plain text it is described by */}
          <Switch
            isSelected={value === true}
            onChange={onChange}
            aria-describedby={
              [description ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
            }
          >
            {label}
          </Switch>
          {description ? (
            <span className="help" id={helpId}>
              {description}
            </span>
          ) : null}
          {error ? (
            <span className="error" id={errorId}>
              {error}
            </span>
          ) : null}
        </SwitchGroup>
      );
    case 'number':
      return (
        <NumberField
          label={shownLabel}
          description={description}
          errorMessage={error}
          value={typeof value === 'number' ? value : Number.NaN}
          onChange={(n) => onChange(Number.isNaN(n) ? null : n)}
          minValue={field.min}
          maxValue={field.max}
          step={field.integer ? 1 : undefined}
          formatOptions={
            field.integer ? { maximumFractionDigits: 0, useGrouping: false } : { useGrouping: false }
          }
        />
      );
    case 'select':
      return (
        <Select
          label={shownLabel}
          description={description}
          errorMessage={error}
          options={[
            ...(field.required ? [] : [{ id: NONE, label: t('admin.resources.value.empty') }]),
            ...(field.enumValues ?? []).map((v) => ({ id: v, label: enumLabel(v) })),
          ]}
          value={text === '' ? (field.required ? null : NONE) : text}
          onChange={(key) => onChange(key === NONE || key === null ? '' : String(key))}
        />
      );
    case 'datetime':
      return (
        <TextField
          label={shownLabel}
          description={description}
          errorMessage={error}
          type="datetime-local"
          value={text}
          onChange={onChange}
        />
      );
    case 'relationship':
      if (field.relationship?.families) {
        const Files = field.relationship.many ? FileListField : FileField;
        return (
          <Files
            field={{ ...field, relationship: field.relationship }}
            label={shownLabel}
            description={description}
            error={error}
            value={value}
            onChange={onChange}
            included={included}
          />
        );
      }
      return field.relationship ? (
        <RelationshipPicker
          field={{ ...field, relationship: field.relationship }}
          label={shownLabel}
          description={description}
          error={error}
          value={value}
          onChange={onChange}
          included={included}
        />
      ) : null;
    case 'json':
    case 'multiline':
      return (
        <TextField
          label={shownLabel}
          description={description}
          errorMessage={error}
          multiline
          value={text}
          onChange={onChange}
          maxLength={field.maxLength}
          spellCheck={field.widget === 'multiline' ? 'true' : 'false'}
        />
      );
    default:
      return (
        <TextField
          label={shownLabel}
          description={description}
          errorMessage={error}
          value={text}
          onChange={onChange}
          maxLength={field.maxLength}
          // a secret is no word: neither corrected nor offered again by the browser
          {...(field.generated === 'secret' ? { spellCheck: 'false', autoComplete: 'off' } : {})}
        />
      );
  }
}

function limits(field: FormField, t: ReturnType<typeof useResourceT>, zone: string): string | null {
  switch (field.widget) {
    case 'text':
    case 'multiline':
      return field.maxLength ? t('admin.resources.limit.maxLength', { max: field.maxLength }) : null;
    case 'number':
      if (field.min !== undefined && field.max !== undefined)
        return t('admin.resources.limit.range', { min: field.min, max: field.max });
      return null;
    case 'datetime':
      return t('admin.resources.limit.datetime', { zone });
    case 'json':
      return t('admin.resources.limit.json');
    case 'relationship':
      // a file field says what it takes when a file is refused (the server decides from the content)
      if (field.relationship?.families) return null;
      if (field.relationship?.many) return t('admin.resources.limit.ids');
      // a required one is chosen, never emptied to none
      return field.required ? t('admin.resources.limit.idRequired') : t('admin.resources.limit.id');
    default:
      return null;
  }
}
