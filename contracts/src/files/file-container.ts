import { z } from 'zod/v4';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { singleLine } from '../resources/fields.ts';

/** A container's path: lower-case segments of letters, digits, `-` and `_`, joined by `/` (no dot: a file's has one). */
export const FILE_CONTAINER_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export const FileContainerPathSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(200)
  .regex(
    FILE_CONTAINER_PATH,
    'lower-case letters, digits, - and _, in segments joined by / (documents/guides)',
  );

/**
 * A file container (seed 001 §3, the admin file's fileContainer): a folder of the administrators' files, whose path
 * begins the path of every admin file it holds. Its path is kept once it is created: the admin files' paths, which
 * pages link to, are made from it. Soft-deleted rather than deleted, so no admin file ever names a missing one.
 */
export const fileContainerResource = defineResource({
  type: 'file-containers',
  singular: 'file-container',
  category: 'filecontainer',
  eventPrefix: 'FileContainer',
  module: 'files',
  menu: { group: 'application', icon: 'folder' },
  attributes: z.object({
    name: z.string().trim().min(1).max(255),
    path: singleLine(FileContainerPathSchema),
    description: z.string().trim().max(2000).nullable().default(null),
  }),
  unique: ['path'],
  // the paths of its files, which pages link to, are made from it
  immutable: ['path'],
  counts: { adminFilesCount: { type: 'admin-files', via: 'fileContainer', kind: 'count' } },
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: APP_ADMINS,
    show: APP_ADMINS,
    create: APP_ADMINS,
    update: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
    delete: 'nobody',
  },
  filters: ['path'],
  search: ['name', 'path'],
  sorts: ['name', 'path'],
  defaultSort: { field: 'path', direction: 'asc' },
  title: 'path',
});
