import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import type { FieldInfo, FieldKind } from '@platform/contracts/resources/fields';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useMessageLookup, useT } from '../../i18n/use-t.ts';
import type adminEn from '../messages/en.json';
import type en from './messages/en.json';

export const useResourceT = () => useT<typeof en & typeof adminEn>();
export type ResourceT = ReturnType<typeof useResourceT>;

/** Fixed reference records whose id is their name (seed 001 §3): shown by their translated label. */
const TRANSLATED_TITLES: Readonly<Record<string, string>> = {
  'access-levels': 'admin.accessLevel',
  roles: 'admin.role',
  // the advanced forms' fixed kinds (ADR 0062): section, short_text, notify_users… in words
  'form-field-types': 'admin.formFieldType',
  'form-data-types': 'admin.formDataType',
  'form-workflow-types': 'admin.formWorkflowType',
  // the AAC catalogue's fixed lists (seed 001 §4): pointing, scanning, built-in or third-party software… in words
  'aac-access-types': 'admin.aacAccessType',
  'aac-integration-types': 'admin.aacIntegrationType',
};

/**
 * A related record's title as a screen shows it: an access level or a role by its label in the reader's
 * language ("Member, level 1", not member_level_1), any other record by its own title.
 */
export function useRecordTitle() {
  const lookup = useMessageLookup();
  return useCallback(
    (type: string, id: string, title: string) => {
      const prefix = TRANSLATED_TITLES[type];
      return (prefix ? lookup(`${prefix}.${id}`) : undefined) ?? title;
    },
    [lookup],
  );
}

/** Fields every record has, kept by the generic layer: one label for every type. */
export const RECORD_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'deletedAt'] as const;

/** The list filters a trait gives every type that has it, one label for all: the publishable trait's `published`. */
export const TRAIT_FILTERS = ['published'] as const;

export const fieldMessageId = (type: string, name: string) =>
  (RECORD_FIELDS as readonly string[]).includes(name) || (TRAIT_FILTERS as readonly string[]).includes(name)
    ? `admin.resources.field.${name}`
    : `admin.resources.field.${type}.${name}`;

/**
 * The names a resource's screens show: its type (the admin menu's entry name), each field's label, an enum
 * value's label. Every type of the catalogue has its messages in all seven locales (the messages test and
 * labels.unit.test.ts check); a type added without them shows the attribute's own name rather than nothing.
 */
export function useResourceLabels(definition: ResourceDefinition) {
  const lookup = useMessageLookup();
  const intl = useIntl();
  const { type } = definition;
  const typeName = lookup(`admin.menu.${type}`) ?? type;
  const field = useCallback(
    (name: string) => {
      // a page's blocks in its history (contracts/src/history/views.ts): `block.2`, `block.2.title`
      const block = /^block\.(\d+)(?:\.(.+))?$/.exec(name);
      if (block) {
        const label = intl.formatMessage({ id: 'admin.resources.history.block' }, { number: block[1] });
        return block[2] ? `${label} · ${block[2]}` : label;
      }
      // a workflow's field on the record's stream (`publicationRequest.status`): one label for every type
      const shared = name.includes('.') ? lookup(`admin.resources.field.${name}`) : undefined;
      return lookup(fieldMessageId(type, name)) ?? shared ?? name;
    },
    [intl, lookup, type],
  );
  const enumValue = useCallback(
    (name: string, value: string) => lookup(`admin.resources.enum.${type}.${name}.${value}`) ?? value,
    [lookup, type],
  );
  return { typeName, field, enumValue };
}

/** The kind of each field a record shows: attributes, computed ones, the record's own times. */
export function fieldKinds(definition: ResourceDefinition, attributeKinds: Record<string, FieldKind>) {
  return {
    ...attributeKinds,
    ...definition.computed,
    createdAt: 'datetime',
    updatedAt: 'datetime',
    deletedAt: 'datetime',
  } as Record<string, FieldKind>;
}

/** How each field that says so is shown (a file's size as a size): by name. */
export const fieldDisplays = (fields: readonly FieldInfo[]): Record<string, FieldInfo['display']> =>
  Object.fromEntries(fields.flatMap((f) => (f.display ? [[f.name, f.display]] : [])));

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** The text of a piece of rich text (HTML), read by an inert parser: nothing in it runs or loads. */
function plainText(html: string): string {
  const text =
    typeof DOMParser === 'undefined'
      ? html.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A value as text: dates in the reader's language and time zone, flags as yes/no, a count of bytes as a size in
 * the reader's units (`2.4 MB`, `2,4 Mo`), rich text as its words, an empty list or object as none, the rest as
 * JSON.
 */
export function useFormatValue() {
  const intl = useIntl();
  const t = useResourceT();
  return useCallback(
    (value: unknown, kind?: FieldKind, display?: FieldInfo['display']): string => {
      if (value === null || value === undefined || value === '') return t('admin.resources.value.empty');
      if (display === 'bytes' && typeof value === 'number') {
        let amount = value;
        let unit = 0;
        while (amount >= 1024 && unit < BYTE_UNITS.length - 1) {
          amount /= 1024;
          unit++;
        }
        return intl.formatNumber(amount, {
          style: 'unit',
          unit: BYTE_UNITS[unit],
          unitDisplay: unit ? 'short' : 'long',
          maximumFractionDigits: unit ? 1 : 0,
        });
      }
      if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
      if (kind === 'datetime' && typeof value === 'string') {
        const d = new Date(value);
        if (!Number.isNaN(d.getTime()))
          return intl.formatDate(d, { dateStyle: 'medium', timeStyle: 'short' });
      }
      if (typeof value === 'number') return intl.formatNumber(value);
      // rich text as its words, not its markup
      if (kind === 'richText' && typeof value === 'string')
        return plainText(value) || t('admin.resources.value.empty');
      if (typeof value === 'string') return value;
      // an empty list or object (no attachments, no translations) says so
      if (
        Array.isArray(value)
          ? value.length === 0
          : typeof value === 'object' && Object.keys(value).length === 0
      )
        return t('admin.resources.value.empty');
      return JSON.stringify(value);
    },
    [intl, t],
  );
}

/** A record's fields as term and value pairs: stacked on a phone, side by side when there is room. */
export const FieldList = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
  gap: 0.5rem 1.5rem;
  margin: 1rem 0;
  padding: 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  @media (max-width: 36rem) {
    grid-template-columns: minmax(0, 1fr);
    dd {
      margin-bottom: 0.5rem;
    }
  }
`;

export const ActionBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
  /* a record's command buttons (record-actions.tsx), spaced as the bar's own links */
  & > .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
`;

/** A screen's own actions beside its title: side by side while they fit, else one under the other. */
export const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
`;
