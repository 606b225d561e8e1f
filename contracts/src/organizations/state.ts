import type { AccessLevel } from '../enums.ts';
import type { OrganizationEvent, OrganizationFields } from './events.ts';

export type OrganizationState =
  | { status: 'none' }
  | {
      status: 'active';
      id: string;
      slug: string;
      accessLevel: AccessLevel | null;
      fields: OrganizationFields;
    };

export const initialOrganizationState = (): OrganizationState => ({ status: 'none' });

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationCreated') {
    const { id, slug, accessLevel, ...fields } = event.data;
    return { status: 'active', id, slug, accessLevel, fields };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'OrganizationUpdated': {
      const { id: _id, ...fields } = event.data;
      return { ...state, fields };
    }
    case 'OrganizationSlugChanged':
      return { ...state, slug: event.data.slug };
    case 'OrganizationAccessLevelSet':
      return { ...state, accessLevel: event.data.accessLevel };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
