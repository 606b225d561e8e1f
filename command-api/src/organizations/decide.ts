import type { AccessLevel } from '@platform/contracts/enums';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import type { OrganizationEvent, OrganizationFields } from '@platform/contracts/organizations/events';
import type { Command, Decider } from '../decider.ts';
import {
  evolveOrganization,
  initialOrganizationState,
  type OrganizationState,
} from '@platform/contracts/organizations/state';

/** The slug arrives claimed (organization slug claims): the decider only records it. */
export type CreateOrganization = Command<
  'CreateOrganization',
  OrganizationFields & { id: string; slug: string; accessLevel: AccessLevel | null }
>;
/**
 * One edit of an organization, whatever it changes (fields, slug, access level): decided at once, so its events
 * are stored in one append or not at all. A part left out stays as it is; the slug arrives claimed.
 */
export type UpdateOrganization = Command<
  'UpdateOrganization',
  { id: string; fields: Partial<OrganizationFields>; slug?: string; accessLevel?: AccessLevel | null }
>;
export type OrganizationCommand = CreateOrganization | UpdateOrganization;

function active(state: OrganizationState, id: string) {
  if (state.status !== 'active') throw new NotFoundError(`organization ${id} not found`);
  return state;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideOrganization(
  command: OrganizationCommand,
  state: OrganizationState,
): OrganizationEvent[] {
  switch (command.type) {
    case 'CreateOrganization':
      if (state.status !== 'none') {
        throw new ConflictError(
          'conflict.duplicate_id',
          `organization ${command.data.id} already exists`,
          '/data/id',
        );
      }
      return [{ type: 'OrganizationCreated', data: command.data }];
    case 'UpdateOrganization': {
      const org = active(state, command.data.id);
      const { accessLevel } = command.data;
      const events: OrganizationEvent[] = [];
      const fields = { ...org.fields, ...command.data.fields };
      if (!same(fields, org.fields))
        events.push({ type: 'OrganizationUpdated', data: { id: org.id, ...fields } });
      if (command.data.slug !== undefined && command.data.slug !== org.slug) {
        events.push({
          type: 'OrganizationSlugChanged',
          data: { id: org.id, slug: command.data.slug, previousSlug: org.slug },
        });
      }
      if (accessLevel !== undefined && accessLevel !== org.accessLevel) {
        events.push({ type: 'OrganizationAccessLevelSet', data: { id: org.id, accessLevel } });
      }
      return events;
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
