import { z } from 'zod/v4';
import { APP_ADMINS, either } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/**
 * The seven tag colours (seed 000 §9, 001 §9: one of seven, chosen by id hash), theme tokens the web maps to
 * colours that keep their contrast in both themes.
 */
export const TAG_COLOURS = ['blue', 'green', 'orange', 'purple', 'teal', 'red', 'brown'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

/**
 * A tag's colour: the same for the same id on every side (the web imports contracts, so no Node crypto) and in
 * every session. FNV-1a over the id's UTF-16 code units: a spread, not a secret.
 */
export function tagColour(id: string): TagColour {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return TAG_COLOURS[hash % TAG_COLOURS.length]!;
}

/** A tag of the content (seed 001 §3 Content: tag: name), which taggable records carry (the taggable trait). */
export const tagResource = defineResource({
  type: 'tags',
  singular: 'tag',
  category: 'tag',
  eventPrefix: 'Tag',
  module: 'content',
  menu: { group: 'community', icon: 'label' },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  derived: { colour: (_attributes, id) => tagColour(id) },
  unique: ['name'],
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: either(APP_ADMINS, { roles: ['contributor'] }),
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});
