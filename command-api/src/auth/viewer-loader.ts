import type { Sql } from 'postgres';
import { accessWeightOf, effectiveAccessLevel } from '@platform/contracts/accounts/access';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { hasAdministratorRole } from '@platform/contracts/accounts/rules';
import { ROLES, type AccessLevel, type Role } from '@platform/contracts/enums';
import { appEnvironmentResource, APP_ENVIRONMENT_ID } from '@platform/contracts/environment/app-environment';
import { LEVEL_SETTINGS, type LevelSettings } from '@platform/contracts/resources/access';
import type { Viewer } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';

interface ViewerRecord {
  roles: string[];
  access_level: AccessLevel | null;
  acting_as_organization_id: string | null;
  organizations: Array<{ id: string; accessLevel: AccessLevel | null }>;
}

/**
 * The viewer of a signed-in user, from the accounts and organizations read models: roles, the effective access
 * level (seed 000 §6), the acting organization. Null when the read model does not know the user (yet).
 */
export async function loadViewer(
  sql: Sql,
  features: Pick<AccountFeatures, 'organizations' | 'userOrganizations'>,
  userId: string,
  impersonatorId: string | null,
): Promise<Viewer | null> {
  const [row] = await sql<ViewerRecord[]>`
    select u.roles, u.access_level, u.acting_as_organization_id,
           coalesce((select json_agg(json_build_object('id', o.id, 'accessLevel', o.access_level_id) order by uo.joined_version)
                       from read.user_organizations uo
                       join read.organizations o on o.id = uo.organization_id
                      where uo.user_id = u.id), '[]') as organizations
      from read.users u
     where u.id = ${userId}`;
  if (!row) return null;
  const roles = row.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  const level = effectiveAccessLevel(
    {
      accessLevel: row.access_level,
      organizations: row.organizations,
      actingAsOrganizationId: row.acting_as_organization_id,
    },
    features,
  );
  return {
    userId,
    roles,
    accessWeight: accessWeightOf(level),
    isAdmin: hasAdministratorRole(roles),
    actingAsOrganizationId: row.acting_as_organization_id,
    impersonatorId,
  };
}

const environmentTable = resourceTable(appEnvironmentResource);
const levelColumns = LEVEL_SETTINGS.map((name) => ({
  name,
  column: environmentTable.attributes.find((a) => a.name === name)!.column,
}));

/**
 * The app environment's access-level settings (the open badge issuers' threshold...) from the settings record's
 * projection, as the rules read them with the viewer (`{ setting }` rules): every one unset when the record has no
 * row yet, or its table is not there (a platform serving no environment).
 */
export async function loadLevelSettings(sql: Sql): Promise<LevelSettings> {
  const rows = await sql<Array<Record<string, AccessLevel | null>>>`
    select ${sql(levelColumns.map((l) => l.column))}
      from ${sql('read.' + environmentTable.table)} where id = ${APP_ENVIRONMENT_ID}`.catch(
    (error: unknown) => {
      if ((error as { code?: string }).code === '42P01') return [];
      throw error;
    },
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(levelColumns.map(({ name, column }) => [name, row[column] ?? null]));
}
