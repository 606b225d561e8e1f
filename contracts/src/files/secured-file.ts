import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { byteSize } from '../resources/fields.ts';
import { MEDIA_FAMILIES } from '../resources/files.ts';
import { BlobHashSchema } from './file.ts';

/** Where a secured file is served, to those who may update the record it is attached to (seed 000 §7). */
export const securedFileShowPath = (id: string) => `/api/v1/services/secured-files/${id}/show`;

/**
 * A secured file (seed 001 §3: name; seed 000 §7): a file attached to one record (`model`) of a type with the
 * attachable trait, by a member who may update that record, and served only to those who may update it (never
 * publicly, never cached by a shared cache). Uploaded with POST /services/secured-files (files[], model[type],
 * model[id]), deleted with DELETE /services/secured-files/{id}; administrators list them in the back office.
 */
export const securedFileResource = defineResource({
  type: 'secured-files',
  singular: 'secured-file',
  category: 'securedfile',
  eventPrefix: 'SecuredFile',
  module: 'files',
  menu: { group: 'application', icon: 'lock', hidden: true },
  attributes: z.object({
    name: z.string().trim().min(1).max(255),
    mimeType: z.string().min(1).max(100),
    extension: z.string().regex(/^[a-z0-9]{1,10}$/),
    family: z.enum(MEDIA_FAMILIES),
    hash: BlobHashSchema,
    size: byteSize(z.number().int().min(0)),
  }),
  relationships: {
    model: { polymorphic: { trait: 'attachable' }, required: true, immutable: true },
  },
  derived: { url: (_a, id) => securedFileShowPath(id) },
  access: {
    see: ADMINISTRATORS,
    index: ADMINISTRATORS,
    show: ADMINISTRATORS,
    create: 'nobody',
    update: 'nobody',
    delete: ADMINISTRATORS,
  },
  filters: ['family'],
  search: ['name'],
  sorts: ['name', 'size'],
  title: 'name',
});
