import { fieldOfPointer } from '../../kit/api/field-errors.ts';
import { textAsHtml } from '../community/index.ts';

/**
 * A member's contribution of an AAC product as its form holds it (contracts/src/aac/records.ts, aacProductResource):
 * the texts as typed, the description as plain text (paragraphs at blank lines, as the forum's messages), the
 * reference lists' chosen ids, the integration type and the uploaded image; what is checked before sending; and the
 * JSON:API attributes and relationships a save sends.
 */

/** The to-many relationships chosen among reference lists, in the form's order, with the type each names. */
export const MANY_LISTS = {
  compatibleSystems: 'aac-systems',
  accessTypes: 'aac-access-types',
  keyboardTypes: 'aac-keyboard-types',
  pictogramTypes: 'aac-pictogram-types',
  conjugationTypes: 'aac-conjugation-types',
  sellers: 'aac-sellers',
} as const;
export type ManyList = keyof typeof MANY_LISTS;
export const INTEGRATION_TYPES = 'aac-integration-types';
/** Every reference list the form offers, by the relationship it fills. */
export type ListName = ManyList | 'integrationType';
export const LIST_TYPES: Readonly<Record<ListName, string>> = {
  ...MANY_LISTS,
  integrationType: INTEGRATION_TYPES,
};
export const FILES_TYPE = 'files';

/** The contract's limits of the texts (aacProductResource's attributes). */
export const MAX_LENGTH = { name: 255, shortDescription: 500, website: 2048 } as const;
/** The description's text: its HTML may hold 100,000 characters, the markup included. */
export const DESCRIPTION_MAX_LENGTH = 50_000;

/** The uploaded image as the form shows it: the file's id, its name and preview. */
export interface ImageValue {
  id: string;
  name: string;
  previewUrl: string | null;
  width: number | null;
  height: number | null;
}

export interface ContributionValues {
  name: string;
  shortDescription: string;
  /** plain text: paragraphs apart by a blank line */
  description: string;
  website: string;
  isDevice: boolean;
  compatibleSystems: string[];
  accessTypes: string[];
  keyboardTypes: string[];
  pictogramTypes: string[];
  conjugationTypes: string[];
  sellers: string[];
  integrationType: string | null;
  image: ImageValue | null;
}
export type Field = keyof ContributionValues;

/** The fields in the form's order: the focus goes to the first one with a problem. */
export const FIELD_ORDER: readonly Field[] = [
  'name',
  'shortDescription',
  'description',
  'website',
  'image',
  'isDevice',
  'compatibleSystems',
  'accessTypes',
  'integrationType',
  'keyboardTypes',
  'pictogramTypes',
  'conjugationTypes',
  'sellers',
];

export const emptyValues = (): ContributionValues => ({
  name: '',
  shortDescription: '',
  description: '',
  website: '',
  isDevice: false,
  compatibleSystems: [],
  accessTypes: [],
  keyboardTypes: [],
  pictogramTypes: [],
  conjugationTypes: [],
  sellers: [],
  integrationType: null,
  image: null,
});

/** What the form finds before sending. */
export type ClientProblem = 'required' | 'tooLong' | 'website';

/** A problem on a field (or on the whole form): found here, or said by the server's 422 (its code and detail). */
export type FieldProblem =
  { kind: 'client'; problem: ClientProblem } | { kind: 'server'; code: string | null; detail: string | null };

/** Problems by field; `form` holds what names none of them. */
export type FieldErrors = Partial<Record<Field | 'form', FieldProblem>>;

const client = (problem: ClientProblem): FieldProblem => ({ kind: 'client', problem });

/** An address the contract takes: http(s), and one the browser can read. */
export function isWebsite(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The problems the server would find in the texts, found before sending. */
export function checkValues(values: ContributionValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = client('required');
  else if (name.length > MAX_LENGTH.name) errors.name = client('tooLong');
  if (values.shortDescription.trim().length > MAX_LENGTH.shortDescription)
    errors.shortDescription = client('tooLong');
  if (values.description.length > DESCRIPTION_MAX_LENGTH) errors.description = client('tooLong');
  const website = values.website.trim();
  if (website.length > MAX_LENGTH.website) errors.website = client('tooLong');
  else if (website !== '' && !isWebsite(website)) errors.website = client('website');
  return errors;
}

const ref = (type: string, id: string) => ({ type, id });
const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** What a save sends. */
export interface SaveDocument {
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: unknown }>;
}

/**
 * The document of a save: everything for a new product; for an update, only what differs from the product as it
 * was loaded, so that a description a moderator enriched stays as it is unless its author changes its text.
 */
export function toSaveDocument(values: ContributionValues, initial: ContributionValues | null): SaveDocument {
  const changed = <F extends Field>(
    field: F,
    same = (a: ContributionValues[F], b: ContributionValues[F]) => a === b,
  ) => initial === null || !same(values[field], initial[field]);
  const text = (a: string, b: string) => a.trim() === b.trim();
  const attributes: Record<string, unknown> = {};
  if (changed('name', text)) attributes.name = values.name.trim();
  if (changed('shortDescription', text)) attributes.shortDescription = values.shortDescription.trim() || null;
  if (changed('description', text)) attributes.description = textAsHtml(values.description);
  if (changed('website', text)) attributes.website = values.website.trim() || null;
  if (changed('isDevice')) attributes.isDevice = values.isDevice;

  const relationships: Record<string, { data: unknown }> = {};
  for (const [name, type] of Object.entries(MANY_LISTS) as Array<[ManyList, string]>)
    if (changed(name, sameIds)) relationships[name] = { data: values[name].map((id) => ref(type, id)) };
  if (changed('integrationType'))
    relationships.integrationType = {
      data: values.integrationType ? ref(INTEGRATION_TYPES, values.integrationType) : null,
    };
  if (changed('image', (a, b) => (a?.id ?? null) === (b?.id ?? null)))
    relationships.image = { data: values.image ? ref(FILES_TYPE, values.image.id) : null };
  return { attributes, relationships };
}

export const isEmptyDocument = (doc: SaveDocument) =>
  Object.keys(doc.attributes).length === 0 && Object.keys(doc.relationships).length === 0;

/**
 * The field a server problem's pointer names (`/data/attributes/name`, `/data/relationships/accessTypes/data/1/id`),
 * or `form` when it names none of the form's.
 */
export function fieldOfServerPointer(pointer: string | undefined): Field | 'form' {
  const path = fieldOfPointer(pointer);
  const name = path?.split('.')[0];
  return name && (FIELD_ORDER as readonly string[]).includes(name) ? (name as Field) : 'form';
}

/** Whether the values differ from those the form opened with (the prevent-leave question asks then). */
export function hasChanges(values: ContributionValues, initial: ContributionValues): boolean {
  return !isEmptyDocument(toSaveDocument(values, initial));
}
