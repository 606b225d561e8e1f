import { isMenuLink, MenuColorSchema } from '@platform/contracts/menu/events';
import {
  fieldOfPointer,
  formErrorsOf,
  type FieldErrors,
  type FieldMessageLookup,
} from '../../kit/api/field-errors.ts';
import type { MenuItemSaveBody } from './menu-editor-api.ts';
import type { EditorItem } from './menu-tree.ts';

/**
 * The add and edit form of a menu item (seed 000 §3: name, description, page or URL, blank, color,
 * alignsNextRight, requiresAuth, roles, access level): its values, the checks made before sending (the
 * contracts' own rules), the document a save sends, and a refused save as messages on its fields.
 */

/** An item links to a page of the site, to an address, or to nothing (a heading for its children). */
export type LinkKind = 'page' | 'url' | 'none';

export interface MenuItemFormValues {
  name: string;
  description: string;
  link: LinkKind;
  pageId: string | null;
  url: string;
  blank: boolean;
  color: string;
  alignsNextRight: boolean;
  requiresAuth: boolean;
  roles: string[];
  accessLevel: string | null;
}

export type FormField = keyof MenuItemFormValues | 'id';

/** Problems found before sending, each a message of the module (menuEditor.problem.*). */
export type FormProblem = 'required' | 'tooLong' | 'url' | 'page' | 'color';

export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 2000;

export function initialFormValues(item: EditorItem | null): MenuItemFormValues {
  if (!item)
    return {
      name: '',
      description: '',
      link: 'none',
      pageId: null,
      url: '',
      blank: false,
      color: '',
      alignsNextRight: false,
      requiresAuth: false,
      roles: [],
      accessLevel: null,
    };
  return {
    name: item.name,
    description: item.description ?? '',
    link: item.pageId ? 'page' : item.url ? 'url' : 'none',
    pageId: item.pageId,
    url: item.url ?? '',
    blank: item.blank,
    color: item.color ?? '',
    alignsNextRight: item.alignsNextRight,
    requiresAuth: item.requiresAuth,
    roles: [...item.roles],
    accessLevel: item.accessLevel,
  };
}

export function formProblems(values: MenuItemFormValues): Partial<Record<FormField, FormProblem>> {
  const problems: Partial<Record<FormField, FormProblem>> = {};
  const name = values.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length > NAME_MAX) problems.name = 'tooLong';
  if (values.description.length > DESCRIPTION_MAX) problems.description = 'tooLong';
  if (values.link === 'page' && !values.pageId) problems.pageId = 'page';
  if (values.link === 'url') {
    const url = values.url.trim();
    if (!url) problems.url = 'required';
    else if (url.length > 2048 || !isMenuLink(url)) problems.url = 'url';
  }
  if (values.color.trim() && !MenuColorSchema.safeParse(values.color).success) problems.color = 'color';
  return problems;
}

const linkOf = (values: MenuItemFormValues) => ({
  url: values.link === 'url' ? values.url.trim() : null,
  pageId: values.link === 'page' ? values.pageId : null,
});

function attributesOf(values: MenuItemFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim() ? values.description : null,
    url: linkOf(values).url,
    blank: values.blank,
    color: values.color.trim() || null,
    alignsNextRight: values.alignsNextRight,
    requiresAuth: values.requiresAuth,
    roles: values.roles,
    accessLevel: values.accessLevel,
  };
}

const pageRelationship = (pageId: string | null) => ({
  data: pageId ? { type: 'app-pages' as const, id: pageId } : null,
});

/** A new item: every attribute, its parent (null: the top level) and its page. */
export function createBody(values: MenuItemFormValues, parentId: string | null): MenuItemSaveBody {
  return {
    attributes: attributesOf(values),
    relationships: {
      parent: { data: parentId ? { type: 'app-menu-items', id: parentId } : null },
      ...(linkOf(values).pageId ? { page: pageRelationship(linkOf(values).pageId) } : {}),
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A change: only what differs from the item as it was loaded. The link is sent whole (address and page) when
 * either changed, since an item never links to both.
 */
export function updateBody(values: MenuItemFormValues, initial: MenuItemFormValues): MenuItemSaveBody {
  const next = attributesOf(values);
  const before = attributesOf(initial);
  const attributes: MenuItemSaveBody['attributes'] = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (key !== 'url' && !same(next[key], before[key])) Object.assign(attributes, { [key]: next[key] });
  }
  const linkChanged = !same(linkOf(values), linkOf(initial));
  if (linkChanged) attributes.url = next.url;
  return { attributes, relationships: linkChanged ? { page: pageRelationship(linkOf(values).pageId) } : {} };
}

export const hasChanges = (body: MenuItemSaveBody) =>
  Object.keys(body.attributes).length > 0 || Object.keys(body.relationships).length > 0;

/** The form field a server pointer names: '/data/attributes/roles/0' is the roles, the page relationship the page. */
export function fieldOfMenuPointer(pointer: string | undefined): FormField | '_form' {
  const path = fieldOfPointer(pointer);
  if (path === 'id') return 'id';
  const head = path?.split('.')[0];
  if (head === 'page') return 'pageId';
  if (head === 'url') return 'url';
  const known: FormField[] = [
    'name',
    'description',
    'blank',
    'color',
    'alignsNextRight',
    'requiresAuth',
    'roles',
    'accessLevel',
  ];
  return head && (known as string[]).includes(head) ? (head as FormField) : '_form';
}

/**
 * A refused save as messages (seed 000 §5): a 422 on the field its pointer names, the translated message of the
 * server's code when there is one, else its detail; a 409 on the id field (a stale version). Errors naming no
 * field go under '_form'. null: not the form's business (network, session...), said by the screen.
 */
export function saveErrors(error: unknown, lookup: FieldMessageLookup): FieldErrors | null {
  return formErrorsOf(error, lookup, (pointer, kind) =>
    kind === 'conflict' ? 'id' : fieldOfMenuPointer(pointer),
  );
}
