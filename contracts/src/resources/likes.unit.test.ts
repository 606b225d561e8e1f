import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_ADMINS } from './access.ts';
import { defineResource, translated } from './definition.ts';
import { decideLike, evolveLike, initialLikeState, readable, RecordLiked, RecordUnliked } from './likes.ts';

const like = {
  recordType: 'test-notes',
  recordId: '5b6c0d2e-0000-4000-8000-000000000001',
  userId: '5b6c0d2e-0000-4000-8000-000000000002',
};
const note = defineResource({
  type: 'test-notes',
  singular: 'test-note',
  category: 'testnote',
  eventPrefix: 'TestNote',
  module: 'tests',
  menu: { group: 'community', icon: 'note' },
  attributes: z.object({ title: z.string().max(100) }),
  traits: { likable: true, publishable: true, translatable: ['title'] },
  access: { index: 'everyone', show: 'everyone', update: APP_ADMINS },
});
const member = { userId: like.userId, roles: [], accessWeight: 300, isAdmin: false };
const now = new Date('2026-11-25T12:00:00Z');
const state = (attributes: Record<string, unknown>, accessLevel: string | null = null) => ({
  status: 'active' as const,
  id: like.recordId,
  createdBy: null,
  attributes: { title: 'A note', translations: {}, publishedAt: null, ...attributes },
  relationships: { accessLevel },
});

describe('likes', () => {
  it('like and unlike alternate; a second like or unlike records nothing', () => {
    expect(decideLike(initialLikeState(), { like: true, ...like })).toEqual([
      { type: RecordLiked.type, data: like },
    ]);
    const liked = evolveLike(initialLikeState(), { type: RecordLiked.type });
    expect(decideLike(liked, { like: true, ...like })).toEqual([]);
    expect(decideLike(liked, { like: false, ...like })).toEqual([{ type: RecordUnliked.type, data: like }]);
    expect(decideLike(initialLikeState(), { like: false, ...like })).toEqual([]);
  });

  it('are for records the member can read: published, at their level', () => {
    expect(readable(note, state({ publishedAt: '2026-01-01T00:00:00Z' }), member, now)).toBe(true);
    expect(readable(note, state({ publishedAt: null }), member, now)).toBe(false);
    expect(readable(note, state({ publishedAt: '2027-01-01T00:00:00Z' }), member, now)).toBe(false);
    const high = state({ publishedAt: '2026-01-01T00:00:00Z' }, 'member_level_2');
    expect(readable(note, high, member, now)).toBe(false);
    expect(readable(note, high, { ...member, accessWeight: 400 }, now)).toBe(true);
    expect(readable(note, { status: 'none' }, member, now)).toBe(false);
  });

  it('adds likesCount to the type and translations to its attributes', () => {
    expect(note.computed).toMatchObject({ likesCount: 'integer' });
    expect(note.attributes.parse({ title: 'x', translations: { fr: { title: 'y' } } })).toMatchObject({
      translations: { fr: { title: 'y' } },
    });
    expect(() => note.attributes.parse({ title: 'x', translations: { xx: { title: 'y' } } })).toThrow();
  });
});

describe('translated text', () => {
  const attributes = { title: 'Hello', translations: { fr: { title: 'Bonjour' } } };
  it('reads a locale’s own text, else the default one', () => {
    expect(translated(note, attributes, 'fr', 'en')).toEqual({
      attributes: { ...attributes, title: 'Bonjour' },
      otherTranslationsLocales: ['en'],
    });
    expect(translated(note, attributes, 'it', 'en')).toEqual({
      attributes,
      otherTranslationsLocales: ['en', 'fr'],
    });
  });
});
