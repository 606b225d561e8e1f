import type { RelationshipSpec } from './definition.ts';

/** The media families of files (seed 001 §3). */
export const MEDIA_FAMILIES = ['video', 'audio', 'image', 'doc', '3d', 'lcc', 'svg'] as const;
export type MediaFamily = (typeof MEDIA_FAMILIES)[number];

/** The JSON:API type of the files resource: what a file field points at. */
export const FILES_TYPE = 'files';

/**
 * A file or image field of any record (ADR 0027): a relationship to `files` whose target must be of one of the
 * families (an organization's image: `file({ family: 'image' })`; a training resource's files:
 * `file({ family: ['doc', 'video'], many: true })`). The layer checks the family when the field is written (422 on
 * its pointer), keeps the file's `recordsCount` from the records that use it, and refuses to delete a file still
 * used. Documents name the file; `include=<field>` brings its url, previewUrl, width and height.
 */
export function file(options: {
  family: MediaFamily | readonly MediaFamily[];
  many?: boolean;
  /** the field's files are not public (RelationshipSpec.file.private) */
  private?: boolean;
}): RelationshipSpec {
  const families = typeof options.family === 'string' ? [options.family] : [...options.family];
  return {
    type: FILES_TYPE,
    ...(options.many ? { many: true } : {}),
    file: { families, ...(options.private ? { private: true } : {}) },
  };
}
