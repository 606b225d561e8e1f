import { aacProductResource } from '@platform/contracts/aac/records';
import { resourceFields } from '@platform/contracts/resources/fields';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../kit/api/errors.ts';
import { htmlAsText, outcomeOfError } from './contribution-api.ts';
import {
  checkValues,
  emptyValues,
  fieldOfServerPointer,
  hasChanges,
  LIST_TYPES,
  MAX_LENGTH,
  toSaveDocument,
} from './contribution-values.ts';

describe('the contribution’s values', () => {
  it('follow the contract: its relationships’ types and its texts’ limits', () => {
    for (const [name, type] of Object.entries(LIST_TYPES))
      expect(aacProductResource.relationships[name]?.type, name).toBe(type);
    expect(aacProductResource.relationships.image?.file?.families).toEqual(['image']);
    const limits = Object.fromEntries(resourceFields(aacProductResource).map((f) => [f.name, f.maxLength]));
    expect(limits).toMatchObject(MAX_LENGTH);
  });

  it('check the name and the website as the server would', () => {
    expect(checkValues(emptyValues())).toEqual({ name: { kind: 'client', problem: 'required' } });
    expect(checkValues({ ...emptyValues(), name: 'x', website: 'ftp://example.org' })).toEqual({
      website: { kind: 'client', problem: 'website' },
    });
    expect(checkValues({ ...emptyValues(), name: 'x', website: 'https://example.org/aac' })).toEqual({});
    expect(checkValues({ ...emptyValues(), name: 'x', shortDescription: 'a'.repeat(501) })).toEqual({
      shortDescription: { kind: 'client', problem: 'tooLong' },
    });
  });

  it('send the description as paragraphs, and on an update only what changed', () => {
    const initial = {
      ...emptyValues(),
      name: 'TalkPad',
      description: 'One',
      sellers: ['v1', 'v2'],
      image: { id: 'f1', name: 'a.png', previewUrl: null, width: null, height: null },
    };
    const created = toSaveDocument({ ...initial, description: 'One <b>\n\nTwo' }, null);
    expect(created.attributes.description).toBe('<p>One &lt;b&gt;</p><p>Two</p>');
    expect(created.relationships.image).toEqual({ data: { type: 'files', id: 'f1' } });

    const same = { ...initial, sellers: ['v2', 'v1'], description: 'One ' };
    expect(toSaveDocument(same, initial)).toEqual({ attributes: {}, relationships: {} });
    expect(hasChanges(same, initial)).toBe(false);
    expect(toSaveDocument({ ...initial, image: null, website: ' ' }, initial)).toEqual({
      attributes: {},
      relationships: { image: { data: null } },
    });
    expect(toSaveDocument({ ...initial, integrationType: 'direct', isDevice: true }, initial)).toEqual({
      attributes: { isDevice: true },
      relationships: { integrationType: { data: { type: 'aac-integration-types', id: 'direct' } } },
    });
  });

  it('name the field a server problem points at', () => {
    expect(fieldOfServerPointer('/data/attributes/name')).toBe('name');
    expect(fieldOfServerPointer('/data/relationships/accessTypes/data/1/id')).toBe('accessTypes');
    expect(fieldOfServerPointer('/data/attributes/publishedAt')).toBe('form');
    expect(fieldOfServerPointer(undefined)).toBe('form');
  });

  it('read a rich description back as the text its author typed', () => {
    expect(htmlAsText('<p>One<br>line</p><p>Two</p>')).toBe('One\nline\n\nTwo');
    expect(htmlAsText('Say <b>hello</b> and <i>bye</i>')).toBe('Say hello and bye');
    expect(htmlAsText('<ul><li>a</li><li>b</li></ul><p>c</p>')).toBe('a\nb\n\nc');
    expect(htmlAsText('')).toBe('');
  });

  it('say a refused save by its kind', () => {
    const invalid = new ApiError('validation', 'Invalid', {
      status: 422,
      errors: [
        { code: 'validation.required', detail: 'Required', source: { pointer: '/data/attributes/name' } },
        {
          code: 'validation.invalid',
          detail: 'Unknown',
          source: { pointer: '/data/relationships/sellers/data/0/id' },
        },
        { detail: 'Second on the name', source: { pointer: '/data/attributes/name' } },
      ],
    });
    expect(outcomeOfError(invalid, true)).toEqual({
      kind: 'refused',
      errors: {
        name: { kind: 'server', code: 'validation.required', detail: 'Required' },
        sellers: { kind: 'server', code: 'validation.invalid', detail: 'Unknown' },
      },
    });
    expect(outcomeOfError(new ApiError('conflict', 'Changed', { status: 409 }), false)).toEqual({
      kind: 'conflict',
    });
    expect(outcomeOfError(new ApiError('forbidden', 'No', { status: 403 }), false)).toEqual({
      kind: 'forbidden',
    });
    expect(outcomeOfError(new ApiError('not-found', 'No', { status: 404 }), false)).toEqual({
      kind: 'notFound',
    });
    expect(outcomeOfError(new ApiError('network', 'Network Error'), true)).toEqual({ kind: 'failed' });
  });
});
