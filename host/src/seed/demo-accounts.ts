import type { Logger } from 'pino';
import type { AccessLevel, Role } from '@platform/contracts/enums';
import { seedClient } from './client.ts';

/** The password of every demo account. Demo data only: never seed these accounts on a real site. */
export const DEMO_PASSWORD = 'demo-password-2025';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  accessLevel: AccessLevel | null;
  validated: boolean;
  emailVerified: boolean;
  /** slugs of the demo organizations the account belongs to, in join order */
  organizations: string[];
}

export const demoOrganizations = [
  { slug: 'demo-fab-lab', name: 'Demo Fab Lab', accessLevel: 'member_level_2' as AccessLevel, country: 'FR' },
  {
    slug: 'demo-care-network',
    name: 'Demo Care Network',
    accessLevel: 'friendly_member' as AccessLevel,
    country: 'FR',
  },
];

const account = (
  email: string,
  firstName: string,
  over: Partial<Omit<DemoAccount, 'email' | 'firstName'>> = {},
): DemoAccount => ({
  email: `${email}@demo.example`,
  firstName,
  lastName: 'Demo',
  roles: [],
  accessLevel: null,
  validated: true,
  emailVerified: true,
  organizations: [],
  ...over,
});

/** One account per role and per access level, plus the account states of seed 000 §4. */
export const demoAccounts: DemoAccount[] = [
  account('admin', 'Alice', { roles: ['admin', 'app_admin'], accessLevel: 'member_level_2' }),
  account('app-admin', 'Adam', { roles: ['app_admin'], accessLevel: 'member_level_1' }),
  account('org-admin', 'Olga', {
    roles: ['organization_admin'],
    organizations: ['demo-care-network', 'demo-fab-lab'],
  }),
  account('contributor', 'Chloe', { roles: ['contributor'], accessLevel: 'member_level_1' }),
  account('eqlaat', 'Eric', { roles: ['eqlaat_member'], accessLevel: 'member_level_1' }),
  account('rental-admin', 'Rosa', { roles: ['rental_admin'], accessLevel: 'member_level_1' }),
  account('aac-moderator', 'Amir', { roles: ['aac_moderator'], accessLevel: 'member_level_1' }),
  account('contact', 'Carl', { accessLevel: 'contact' }),
  account('potential', 'Paula', { accessLevel: 'potential_member' }),
  account('friendly', 'Fred', { accessLevel: 'friendly_member' }),
  account('member1', 'Mia', { accessLevel: 'member_level_1', organizations: ['demo-fab-lab'] }),
  account('member2', 'Max', { accessLevel: 'member_level_2' }),
  account('not-validated', 'Nina', { validated: false }),
  account('unverified', 'Ulla', { validated: false, emailVerified: false }),
];

/**
 * Seeds the demo organizations and accounts through the command API as an administrator would: each
 * account is opened, given its roles, access level and validation, and joins its organizations. Every
 * command carries an Idempotency-Key derived from what it seeds, so running it again (after an interrupted
 * start) appends only what is missing (seedDemo in demo.ts). Answers the accounts' ids by e-mail address.
 */
export async function seedDemoAccounts(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
}): Promise<Map<string, string>> {
  const client = seedClient(options.baseUrl, options.adminToken);

  const organizationIds = new Map<string, string>();
  for (const org of demoOrganizations) {
    const { id } = await client.command(
      'POST',
      '/organizations',
      {
        data: {
          type: 'organizations',
          attributes: { name: org.name, slug: org.slug, country: org.country },
          relationships: { accessLevel: { data: { type: 'access-levels', id: org.accessLevel } } },
        },
      },
      `seed:organization:${org.slug}`,
    );
    organizationIds.set(org.slug, id);
  }

  const accountIds = new Map<string, string>();
  for (const demo of demoAccounts) {
    const key = `seed:user:${demo.email}`;
    const { id } = await client.command(
      'POST',
      '/users',
      {
        data: {
          type: 'users',
          attributes: {
            email: demo.email,
            firstName: demo.firstName,
            lastName: demo.lastName,
            password: DEMO_PASSWORD,
            emailVerified: demo.emailVerified,
          },
        },
      },
      key,
    );
    accountIds.set(demo.email, id);
    await client.command(
      'PATCH',
      `/users/${id}`,
      {
        data: {
          type: 'users',
          id,
          attributes: demo.validated ? { validated: true } : {},
          relationships: {
            roles: { data: demo.roles.map((role) => ({ type: 'roles', id: role })) },
            accessLevel: { data: demo.accessLevel ? { type: 'access-levels', id: demo.accessLevel } : null },
          },
        },
      },
      `${key}:grants`,
    );
    for (const slug of demo.organizations) {
      await client.command(
        'POST',
        `/organizations/${organizationIds.get(slug)!}/relationships/users`,
        { data: [{ type: 'users', id }] },
        `${key}:joins:${slug}`,
      );
    }
  }
  options.logger.info({ accounts: demoAccounts.length }, 'demo accounts seeded');
  return accountIds;
}
