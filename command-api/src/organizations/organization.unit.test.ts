import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { SlugSchema, slugify, type OrganizationEvent } from '@platform/contracts/organizations/events';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { resourceDecider, type ResourceCommand } from '../resources/decide.ts';

const id = '0c000000-0000-4000-8000-00000000000c';
const spec = deciderSpec(resourceDecider(organizationResource, id));
const metadata = specMetadata();
const fields = {
  name: 'Fab Lab Lyon',
  unitName: null,
  shortDescription: null,
  description: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  externalUrl: null,
  country: 'FR',
  longitude: null,
  latitude: null,
  adminOnlyNote: null,
};
/** as the organizations module stored it before the resource */
const storedCreated: OrganizationEvent = {
  type: 'OrganizationCreated',
  data: { id, slug: 'fab-lab-lyon', accessLevel: 'member_level_1', ...fields },
};
const create = (attributes: Record<string, unknown>): ResourceCommand => ({
  type: 'CreateResource',
  data: { id, attributes: organizationResource.attributes.parse(attributes), relationships: {} },
  metadata,
});
const update = (
  attributes: Record<string, unknown>,
  relationships: Record<string, string | null> = {},
): ResourceCommand => ({ type: 'UpdateResource', data: { id, attributes, relationships }, metadata });

describe('organizations on the resource layer', () => {
  it('creates an organization once, its slug derived from the name when none is given', () => {
    spec
      .given([])
      .when(create({ name: 'Lab & Co — Lyon Été', country: 'FR' }))
      .then([
        {
          type: 'OrganizationRecordCreated',
          data: {
            id,
            attributes: { ...fields, name: 'Lab & Co — Lyon Été', slug: 'lab-co-lyon-ete' },
            relationships: {},
          },
        },
      ]);
    spec
      .given([])
      .when(create({ name: 'Given Slug', slug: 'given' }))
      .then([
        expect.objectContaining({
          data: expect.objectContaining({ attributes: expect.objectContaining({ slug: 'given' }) }),
        }),
      ]);
    spec
      .given([storedCreated])
      .when(create({ name: 'Again' }))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('asks for a slug when the name makes none', () => {
    spec
      .given([])
      .when(create({ name: '—' }))
      .thenThrows(ValidationError);
  });

  it('reads the stored events of the organizations module as its own, and records one event per edit', () => {
    const stored: OrganizationEvent[] = [
      storedCreated,
      { type: 'OrganizationUpdated', data: { id, ...fields, name: 'Fab Lab de Lyon' } },
      { type: 'OrganizationSlugChanged', data: { id, slug: 'fablab-lyon', previousSlug: 'fab-lab-lyon' } },
      { type: 'OrganizationAccessLevelSet', data: { id, accessLevel: 'member_level_2' } },
    ];
    // the stored values are the record's: setting them again records nothing
    spec
      .given(stored)
      .when(update({ name: 'Fab Lab de Lyon', slug: 'fablab-lyon' }, { accessLevel: 'member_level_2' }))
      .then([]);
    // a whole edit (fields, slug, access level): one event with the changed values only
    spec
      .given(stored)
      .when(
        update(
          { name: 'Fab Lab de Lyon', contactEmail: 'hello@example.org', slug: 'lyon' },
          { accessLevel: null },
        ),
      )
      .then([
        {
          type: 'OrganizationRecordUpdated',
          data: {
            id,
            attributes: { contactEmail: 'hello@example.org', slug: 'lyon' },
            relationships: { accessLevel: null },
          },
        },
      ]);
    // an edit keeps the slug when the name changes
    spec
      .given([storedCreated])
      .when(update({ name: 'Renamed' }))
      .then([
        {
          type: 'OrganizationRecordUpdated',
          data: { id, attributes: { name: 'Renamed' }, relationships: {} },
        },
      ]);
    spec
      .given([])
      .when(update({ name: 'Somewhere' }, { accessLevel: 'member_level_2' }))
      .thenThrows(NotFoundError);
  });
});

describe('organization slugs', () => {
  it('slugifies names and refuses slugs that are not lowercase words or that look like ids', () => {
    expect(slugify('Lab & Co — Lyon Été')).toBe('lab-co-lyon-ete');
    expect(SlugSchema.parse(' Fab-Lab ')).toBe('fab-lab');
    expect(SlugSchema.safeParse('fab--lab').success).toBe(false);
    expect(SlugSchema.safeParse('0c000000-0000-4000-8000-00000000000c').success).toBe(false);
  });
});
