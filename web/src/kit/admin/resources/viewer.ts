import { useAtomValue } from 'jotai';
import {
  allows,
  type LevelSettings,
  type ResourceAction,
  type ViewerFacts,
} from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { ROLES, type Role } from '@platform/contracts/enums';
import { environmentLevelsAtom } from '../../state/app-status.ts';
import type { SessionUser } from '../../session/documents.ts';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The facts an access rule looks at, read from the signed-in user (the server reads the same from its viewer):
 * `isAdmin` is the server's own answer (query-api's user document, from the administrator role). `environment`:
 * the app environment's access-level settings (useEnvironmentLevels), which the open badge issuers' rule reads;
 * without them that rule lets nobody through.
 */
export function viewerFacts(
  user:
    | (Pick<SessionUser, 'id' | 'roles' | 'isAdmin' | 'effectiveAccessWeight'> &
        Partial<Pick<SessionUser, 'actingAsOrganizationId'>>)
    | null,
  environment?: LevelSettings,
): ViewerFacts {
  if (!user) return { userId: null, roles: [], accessWeight: 0, isAdmin: false };
  return {
    userId: user.id,
    roles: user.roles.filter(isRole),
    accessWeight: user.effectiveAccessWeight ?? 0,
    isAdmin: user.isAdmin,
    actingAsOrganizationId: user.actingAsOrganizationId ?? null,
    ...(environment ? { environment } : {}),
  };
}

/** The app environment's access-level settings the web booted with (frame/app.tsx), for viewerFacts. */
export function useEnvironmentLevels(): LevelSettings {
  return useAtomValue(environmentLevelsAtom);
}

/** Whether the viewer may take an action on a type: the web hides what the server would refuse. */
export function may(definition: ResourceDefinition, action: ResourceAction, viewer: ViewerFacts): boolean {
  return allows(definition.access[action], viewer);
}

/**
 * A screen of the back office opens when the type may be seen at all and the screen's own action is allowed
 * (seed 001 §6): index for the list, show for a record and its history, create, update.
 */
export function mayOpen(
  definition: ResourceDefinition,
  action: ResourceAction,
  viewer: ViewerFacts,
): boolean {
  return may(definition, 'see', viewer) && may(definition, action, viewer);
}
