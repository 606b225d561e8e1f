import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import { defineResource } from '@platform/contracts/resources/definition';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { resourceDecider, type ResourceCommand, type StoredResourceEvent } from './decide.ts';

/** A reference list with fixed rows: 'other' is kept, 'spare' is not. */
const definition = defineResource({
  type: 'trades',
  singular: 'trade',
  category: 'trade',
  eventPrefix: 'Trade',
  module: 'tests',
  menu: { group: null, icon: 'work' },
  attributes: z.object({ name: z.string().min(1), rank: z.number().int().default(0) }),
  fixedRows: {
    rows: [
      { id: 'other', attributes: { name: 'Other' } },
      { id: 'spare', attributes: { name: 'Spare', rank: 2 } },
    ],
    kept: ['other'],
    last: ['other'],
  },
  access: {},
});
const metadata = specMetadata();
const UUID = '0a000000-0000-4000-8000-00000000000a';
const spec = (id: string) => deciderSpec(resourceDecider(definition, id));
const command = (type: ResourceCommand['type'], id: string, attributes: Record<string, unknown> = {}) =>
  ({ type, data: { id, attributes, relationships: {} }, metadata }) as ResourceCommand;
const renamed: StoredResourceEvent = {
  type: 'TradeUpdated',
  data: { id: 'other', attributes: { name: 'Something else' }, relationships: {} },
};

describe('fixed rows of a resource', () => {
  it('exist before any event, with the schema’s defaults, and take the ids the definition allows', () => {
    expect(definition.fixedRows.rows[0]).toEqual({ id: 'other', attributes: { name: 'Other', rank: 0 } });
    expect(definition.idSchema.safeParse('other').success).toBe(true);
    expect(definition.idSchema.safeParse(UUID).success).toBe(true);
    expect(definition.idSchema.safeParse('Other row').success).toBe(false);
    expect(() =>
      defineResource({ ...definitionInput(), fixedRows: { rows: [{ id: 'x', attributes: {} }] } }),
    ).toThrow();
  });

  it('are changed like any record: the first event is an update of what changed', () => {
    spec('other')
      .given([])
      .when(command('UpdateResource', 'other', { name: 'Something else', rank: 0 }))
      .then([renamed]);
    spec('other')
      .given([])
      .when(command('UpdateResource', 'other', { name: 'Other' }))
      .then([]);
  });

  it('cannot be created a second time', () => {
    spec('spare')
      .given([])
      .when(command('CreateResource', 'spare', { name: 'Spare' }))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('keep the ids other records give a meaning to; the others may be deleted', () => {
    spec('other')
      .given([renamed])
      .when(command('DeleteResource', 'other'))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    const deleted: StoredResourceEvent = { type: 'TradeDeleted', data: { id: 'spare' } };
    spec('spare').given([]).when(command('DeleteResource', 'spare')).then([deleted]);
    spec('spare')
      .given([deleted])
      .when(command('UpdateResource', 'spare', { name: 'Back' }))
      .thenThrows(NotFoundError);
  });

  it('leave records without a fixed row as they were: nothing before their creation', () => {
    spec(UUID)
      .given([])
      .when(command('UpdateResource', UUID, { name: 'X' }))
      .thenThrows(NotFoundError);
  });
});

function definitionInput() {
  return {
    type: 'bad-trades',
    singular: 'bad-trade',
    category: 'badtrade',
    eventPrefix: 'BadTrade',
    module: 'tests',
    menu: { group: null, icon: 'work' },
    attributes: z.object({ name: z.string().min(1) }),
    access: {},
  };
}
