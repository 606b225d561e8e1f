import { z } from 'zod/v4';
import { slugify } from '../organizations/events.ts';
import { APP_ADMINS, type AccessRule } from '../resources/access.ts';
import { defineResource, type RelatedAttributes } from '../resources/definition.ts';
import { singleLine } from '../resources/fields.ts';
import { file, MEDIA_FAMILIES, type MediaFamily } from '../resources/files.ts';
import { FILE_CONTAINER_PATH } from './file-container.ts';

/** Who manages admin files, and so uploads under the admin file limit (seed 001 §9): the back office's administrators. */
export const ADMIN_FILE_MANAGERS: AccessRule = APP_ADMINS;

/** An admin file's path: its container's path, then its own name's slug and its content's extension. */
export const ADMIN_FILE_PATH = new RegExp(
  `^${FILE_CONTAINER_PATH.source.slice(1, -1)}/[a-z0-9][a-z0-9-]*\\.[a-z0-9]{1,10}$`,
);

/** Where an admin file is served, by its path: a stable address for pages to link to. */
export const adminFilePath = (path: string) => `/api/v1/services/admin-files/${path}`;

/** The path an admin file of this name and extension has in a container of this path. */
export function adminFilePathOf(containerPath: string, name: string, extension: string): string {
  const stem = name.trim().replace(/\.[A-Za-z0-9]{1,10}$/, '');
  const slug = slugify(stem).slice(0, 80).replace(/-+$/, '') || 'file';
  return `${containerPath}/${slug}.${extension}`;
}

/**
 * The name, path and media family an admin file takes from its container and its file (nothing when they are not
 * known: a container or a file in the trash). The family is its file's (a replaced content keeps its family).
 */
function placed(
  name: unknown,
  related: RelatedAttributes,
): { name?: string; path?: string; family?: MediaFamily } {
  const container = related.fileContainer;
  const content = related.file;
  if (!container || !content) return {};
  const own = typeof name === 'string' && name.trim() ? name.trim() : String(content.originalName);
  return {
    name: own,
    path: adminFilePathOf(String(container.path), own, String(content.extension)),
    family: content.family as MediaFamily,
  };
}

/**
 * An admin file (seed 001 §3: path, read-only; fileContainer; organization, createdBy, updatedBy): a file the
 * administrators keep in a file container, served at a stable path that pages link to
 * (`/api/v1/services/admin-files/<container path>/<name>.<extension>`), whatever its content becomes. Its content is a
 * file record (uploaded by the form's file field, under the admin file limit for those who manage admin files), so
 * it has its type from its content, its preview and its history; the admin file names it, which keeps the file from
 * being deleted while it is used.
 *
 * The path is made when the admin file is saved, from its container's path and its name's slug (its name defaults
 * to the file's original name) and its content's extension; it is never written by hand, and no two live admin
 * files share one (409). Its media family is its file's, kept beside it so that the list filters by it.
 */
export const adminFileResource = defineResource({
  type: 'admin-files',
  singular: 'admin-file',
  category: 'adminfile',
  eventPrefix: 'AdminFile',
  module: 'files',
  menu: { group: 'application', icon: 'folder_shared' },
  attributes: z.object({
    name: z.string().trim().min(1).max(255).nullable().default(null),
    path: singleLine(z.string().max(300).regex(ADMIN_FILE_PATH).nullable().default(null)),
    family: z.enum(MEDIA_FAMILIES).nullable().default(null),
  }),
  relationships: {
    file: { ...file({ family: MEDIA_FAMILIES }), required: true },
    fileContainer: { type: 'file-containers', required: true },
  },
  traits: { publicationItem: true },
  softDeletable: true,
  unique: ['path'],
  beforeChangeReads: ['fileContainer', 'file'],
  beforeChange: (next, _previous, related) => placed(next.name, related),
  // a container or a file in the trash gives no path: the admin file waits until they are restored
  invariants: ({ path }) =>
    path === null
      ? [{ attribute: 'fileContainer', detail: 'The file container and the file must not be in the trash' }]
      : [],
  fieldAccess: {
    path: { read: 'everyone', write: 'nobody' },
    family: { read: 'everyone', write: 'nobody' },
  },
  derived: { url: (a) => (typeof a.path === 'string' ? adminFilePath(a.path) : null) },
  access: {
    see: ADMIN_FILE_MANAGERS,
    index: ADMIN_FILE_MANAGERS,
    show: ADMIN_FILE_MANAGERS,
    create: ADMIN_FILE_MANAGERS,
    update: ADMIN_FILE_MANAGERS,
    softDelete: ADMIN_FILE_MANAGERS,
    restore: ADMIN_FILE_MANAGERS,
    delete: ADMIN_FILE_MANAGERS,
  },
  filters: ['family', 'path'],
  search: ['name', 'path'],
  sorts: ['name', 'path'],
  defaultSort: { field: 'path', direction: 'asc' },
  title: 'path',
});
