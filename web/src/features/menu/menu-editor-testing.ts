import type { EditorItem } from './menu-tree.ts';

/** A menu item as the editor holds it (tests): a top-level item linking nowhere, shown to everyone, unless said. */
export function editorItem(fields: Partial<EditorItem> & Pick<EditorItem, 'id'>): EditorItem {
  return {
    parentId: null,
    position: 0,
    name: fields.id,
    description: null,
    pageId: null,
    pagePath: null,
    url: null,
    blank: false,
    color: null,
    alignsNextRight: false,
    requiresAuth: false,
    roles: [],
    accessLevel: null,
    version: '0',
    ...fields,
  };
}
