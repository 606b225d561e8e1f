import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import { SlugSchema, slugify, type OrganizationEvent } from '@platform/contracts/organizations/events';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { organizationDecider, type OrganizationCommand } from './decide.ts';

const spec = deciderSpec(organizationDecider);
const metadata = specMetadata();
const id = '0c000000-0000-4000-8000-00000000000c';
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
const created: OrganizationEvent = {
  type: 'OrganizationCreated',
  data: { id, slug: 'fab-lab-lyon', accessLevel: 'member_level_1', ...fields },
};
const create: OrganizationCommand = { type: 'CreateOrganization', data: created.data, metadata };
const update = (data: Omit<Extract<OrganizationCommand, { type: 'UpdateOrganization' }>['data'], 'id'>) =>
  ({ type: 'UpdateOrganization', data: { id, ...data }, metadata }) as OrganizationCommand;

describe('organization decider', () => {
  it('creates an organization once', () => {
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('records changed fields and a changed slug, nothing for an unchanged form', () => {
    spec
      .given([created])
      .when(update({ fields: { name: 'Fab Lab de Lyon' }, slug: 'fablab-lyon' }))
      .then([
        { type: 'OrganizationUpdated', data: { id, ...fields, name: 'Fab Lab de Lyon' } },
        { type: 'OrganizationSlugChanged', data: { id, slug: 'fablab-lyon', previousSlug: 'fab-lab-lyon' } },
      ]);
    spec
      .given([created])
      .when(update({ fields: { name: 'Fab Lab Lyon' }, slug: 'fab-lab-lyon' }))
      .then([]);
    spec
      .given([])
      .when(update({ fields: {} }))
      .thenThrows(NotFoundError);
  });

  it('sets the access level when it changes', () => {
    spec
      .given([created])
      .when(update({ fields: {}, accessLevel: 'member_level_2' }))
      .then([{ type: 'OrganizationAccessLevelSet', data: { id, accessLevel: 'member_level_2' } }]);
    spec
      .given([created])
      .when(update({ fields: {}, accessLevel: null }))
      .then([{ type: 'OrganizationAccessLevelSet', data: { id, accessLevel: null } }]);
    spec
      .given([created])
      .when(update({ fields: {}, accessLevel: 'member_level_1' }))
      .then([]);
  });

  it('decides a whole edit at once: every part that changes, in one list of events', () => {
    spec
      .given([created])
      .when(
        update({
          fields: { name: 'Fab Lab de Lyon', contactEmail: 'hello@example.org' },
          slug: 'fablab-lyon',
          accessLevel: 'member_level_2',
        }),
      )
      .then([
        {
          type: 'OrganizationUpdated',
          data: { id, ...fields, name: 'Fab Lab de Lyon', contactEmail: 'hello@example.org' },
        },
        { type: 'OrganizationSlugChanged', data: { id, slug: 'fablab-lyon', previousSlug: 'fab-lab-lyon' } },
        { type: 'OrganizationAccessLevelSet', data: { id, accessLevel: 'member_level_2' } },
      ]);
    // the parts that change nothing add nothing
    spec
      .given([created])
      .when(update({ fields: { name: 'Fab Lab Lyon' }, slug: 'fab-lab-lyon', accessLevel: 'member_level_2' }))
      .then([{ type: 'OrganizationAccessLevelSet', data: { id, accessLevel: 'member_level_2' } }]);
    // an edit of an organization that does not exist is refused whole
    spec
      .given([])
      .when(update({ fields: { name: 'Somewhere' }, accessLevel: 'member_level_2' }))
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
