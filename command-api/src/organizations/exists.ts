import { z } from 'zod/v4';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { loadState, type EventStore } from '@platform/infra/event-store';
import { loadUser } from '../accounts/store.ts';
import { resourceDecider } from '../resources/decide.ts';

const uuid = z.string().uuid();

/**
 * Whether an organization exists (and is not deleted), from its stream folded as the organizations resource: the
 * events the organizations module stored before the resource read as its own (organization.ts).
 */
export async function organizationExists(eventStore: EventStore, id: string): Promise<boolean> {
  if (!uuid.safeParse(id).success) return false;
  const { state } = await loadState(
    eventStore,
    organizationResource.streamId(id),
    resourceDecider(organizationResource, id),
  );
  return state.status === 'active';
}

/**
 * The `{ member: 'users' }` rule of the organizations resource on the command side: whether the user is one of
 * the organization's members, from the user's stream (the memberships are kept there; the read side reads them
 * from user_organizations, which the accounts projection keeps from the same events).
 */
export async function isOrganizationMember(
  eventStore: EventStore,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const { state } = await loadUser(eventStore, userId);
  return state.status === 'active' && state.organizations.includes(organizationId);
}
