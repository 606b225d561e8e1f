/** The back office of a resource type: /admin/resources/{resource}/{action}/{id?} (seed 000 §2.4, 001 §2). */
export const RESOURCES_BASE = '/admin/resources';

export type ScreenAction = 'index' | 'show' | 'create' | 'update' | 'history';

export const resourcePaths = {
  root: (type: string) => `${RESOURCES_BASE}/${type}`,
  index: (type: string) => `${RESOURCES_BASE}/${type}/index`,
  show: (type: string, id: string) => `${RESOURCES_BASE}/${type}/show/${encodeURIComponent(id)}`,
  create: (type: string) => `${RESOURCES_BASE}/${type}/create`,
  update: (type: string, id: string) => `${RESOURCES_BASE}/${type}/update/${encodeURIComponent(id)}`,
  history: (type: string, id: string) => `${RESOURCES_BASE}/${type}/history/${encodeURIComponent(id)}`,
  asItWas: (type: string, id: string, revision: string) =>
    `${RESOURCES_BASE}/${type}/history/${encodeURIComponent(id)}/${encodeURIComponent(revision)}`,
};

/** What a path under /admin/resources asks for; null when it names no screen of the back office. */
export type ResourceRoute =
  | { type: string; action: 'root' }
  | { type: string; action: 'index' }
  | { type: string; action: 'create' }
  | { type: string; action: 'show' | 'update' | 'history'; id: string }
  | { type: string; action: 'asItWas'; id: string; revision: string };

export function parseResourceRoute(params: {
  resource?: string;
  action?: string;
  id?: string;
  revision?: string;
}): ResourceRoute | null {
  const { resource: type, action, id, revision } = params;
  if (!type) return null;
  if (!action) return { type, action: 'root' };
  if ((action === 'index' || action === 'create') && !id) return { type, action };
  if ((action === 'show' || action === 'update') && id && !revision) return { type, action, id };
  if (action === 'history' && id)
    return revision ? { type, action: 'asItWas', id, revision } : { type, action, id };
  return null;
}
