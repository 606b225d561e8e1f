import { RESOURCES_BASE, resourcePaths } from '../../../kit/admin/resources/paths.ts';

/**
 * The screens of the pages (seed 000 §2.4: the page edit action is resource app-pages, action page-template):
 * the list, the editor, the preview, and the history and "as it was" of the generic back office's paths.
 */
export const PAGES_TYPE = 'app-pages';
const base = `${RESOURCES_BASE}/${PAGES_TYPE}`;

export const pagePaths = {
  root: base,
  index: `${base}/index`,
  edit: (id: string) => `${base}/page-template/${encodeURIComponent(id)}`,
  preview: (id: string) => `${base}/preview/${encodeURIComponent(id)}`,
  history: (id: string) => resourcePaths.history(PAGES_TYPE, id),
  /** the admin routes' pattern: every path under /admin/resources/app-pages comes to this module */
  pattern: `${base}/:action?/:id?/:revision?`,
};

export type PagesRoute =
  | { action: 'root' }
  | { action: 'index' }
  | { action: 'edit' | 'preview' | 'show' | 'history'; id: string }
  | { action: 'asItWas'; id: string; revision: string };

/** What a path under /admin/resources/app-pages asks for; null when it names no screen. */
export function parsePagesRoute(params: {
  action?: string;
  id?: string;
  revision?: string;
}): PagesRoute | null {
  const { action, id, revision } = params;
  if (!action) return { action: 'root' };
  if (action === 'index') return id ? null : { action };
  if (!id) return null;
  if (action === 'history') return revision ? { action: 'asItWas', id, revision } : { action, id };
  if (revision) return null;
  if (action === 'page-template') return { action: 'edit', id };
  // the generic screens' way back to a record (history → show, update) opens the editor
  if (action === 'show' || action === 'update') return { action: 'show', id };
  if (action === 'preview') return { action, id };
  return null;
}
