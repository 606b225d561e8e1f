import type { Logger } from 'pino';
import { SOFTWARE_SESSION_EVENT } from '@platform/contracts/software/records';
import { SEEDER_PASS_HEADER } from '../readiness.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { memberSession, must, seedClient } from './client.ts';

/**
 * The demo site's software catalogue (seed 001 §3, ADR 0061): the events the software may report, two services,
 * a group, two installations that reported over the last days as the software does (one counting its sessions),
 * and an authorization of the voice for a demo member, who associated one of the two installations with it from
 * their account. Written with Idempotency-Keys, so running it again appends nothing. Seeded with the software
 * feature on.
 */

const KEY = 'seed:software';

/** the demo member the voice is granted to, who associates their tablet with it */
export const DEMO_SOFTWARE_MEMBER = 'member1@demo.example';

export const demoStatsEvents = [
  { name: 'install', description: 'The software was installed on a device.' },
  { name: 'update', description: 'The software was updated to a new version.' },
  { name: 'launch', description: 'The software was opened.' },
  {
    name: SOFTWARE_SESSION_EVENT,
    description: 'A session of use ended (counted where the back office asks).',
  },
] as const;

export const demoSoftwareServices = [
  { key: 'voice', name: 'Synthetic voice: Ioana (Romanian)', associationsMax: 2, deliverFile: true },
  { key: 'symbols', name: 'Symbol set licence', associationsMax: 1, deliverFile: false },
] as const;

/** the two demo installations: ids as their software shows them, and what each reported, in days before the seeding */
export const demoInstallations = [
  {
    key: 'tablet',
    installationId: 'DEMO-TABLET-7F3A-21',
    deviceId: 'android-5c1e9a',
    name: 'Mia’s communication tablet',
    system: 'Android 14',
    sessions: true,
    reports: [
      { event: 'install', version: '2.3.0', daysAgo: 9 },
      { event: 'launch', version: '2.3.0', daysAgo: 9 },
      { event: 'session', version: '2.3.0', daysAgo: 9 },
      { event: 'launch', version: '2.3.0', daysAgo: 6 },
      { event: 'session', version: '2.3.0', daysAgo: 6 },
      { event: 'update', version: '2.4.1', fromVersion: '2.3.0', daysAgo: 4 },
      { event: 'launch', version: '2.4.1', daysAgo: 4 },
      { event: 'session', version: '2.4.1', daysAgo: 4 },
      { event: 'launch', version: '2.4.1', daysAgo: 1 },
      { event: 'session', version: '2.4.1', daysAgo: 1 },
    ],
  },
  {
    key: 'laptop',
    installationId: 'DEMO-LAPTOP-09BC-44',
    deviceId: 'windows-a07f31',
    name: 'Day centre laptop',
    system: 'Windows 11',
    sessions: false,
    reports: [
      { event: 'install', version: '2.4.0', daysAgo: 7 },
      { event: 'launch', version: '2.4.0', daysAgo: 7 },
      { event: 'update', version: '2.4.1', fromVersion: '2.4.0', daysAgo: 3 },
      { event: 'launch', version: '2.4.1', daysAgo: 3 },
      { event: 'launch', version: '2.4.1', daysAgo: 2 },
    ],
  },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoSoftware(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  now: () => Date;
  /** the position the demo accounts were granted at (the member's session reads its viewer from there) */
  grantedAt: string;
}): Promise<void> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  for (const event of demoStatsEvents)
    await admin.command(
      'POST',
      '/stats-events',
      { data: { type: 'stats-events', attributes: event } },
      `${KEY}:event:${event.name}`,
    );
  const services = new Map<string, string>();
  for (const { key, ...attributes } of demoSoftwareServices) {
    const made = await admin.command(
      'POST',
      '/software-services',
      { data: { type: 'software-services', attributes } },
      `${KEY}:service:${key}`,
    );
    services.set(key, made.id);
  }
  const group = await admin.command(
    'POST',
    '/software-groups',
    { data: { type: 'software-groups', attributes: { name: 'Day centre devices', comment: null } } },
    `${KEY}:group:day-centre`,
  );

  // the software's own reports: anonymous, only the seeder's pass (a first start's gate holds other requests)
  const today = options.now().getTime();
  for (const installation of demoInstallations) {
    let record: string | null = null;
    for (const [index, report] of installation.reports.entries()) {
      const sent = await fetch(`${options.baseUrl}/api/v1/services/software/stats`, {
        method: 'POST',
        headers: {
          'content-type': 'application/vnd.api+json',
          'idempotency-key': `${KEY}:report:${installation.key}:${index}`,
          [SEEDER_PASS_HEADER]: options.adminToken,
        },
        body: JSON.stringify({
          data: {
            type: 'software-stats',
            attributes: {
              installationId: installation.installationId,
              deviceId: installation.deviceId,
              event: report.event,
              version: report.version,
              fromVersion: 'fromVersion' in report ? report.fromVersion : null,
              system: installation.system,
              recordedAt: new Date(today - report.daysAgo * DAY_MS).toISOString(),
            },
          },
        }),
      });
      const answer = (await sent.json()) as { meta?: { installation: string }; errors?: unknown };
      if (!sent.ok)
        throw new Error(
          `Seeding a software report failed (${sent.status}): ${JSON.stringify(answer.errors)}`,
        );
      if (record === null) {
        record = answer.meta!.installation;
        // named and filed by the back office, its sessions counted where the demo says, once it first reported
        await admin.command(
          'PATCH',
          `/software-installations/${record}`,
          {
            data: {
              type: 'software-installations',
              id: record,
              attributes: { name: installation.name, enableSessionsStats: installation.sessions },
              relationships: { groups: { data: [{ type: 'software-groups', id: group.id }] } },
            },
          },
          `${KEY}:installation:${installation.key}`,
        );
      }
    }
  }

  // the voice granted to a demo member, who associates their tablet with it from their account
  const authorization = await admin.command(
    'POST',
    '/software-service-authorizations',
    {
      data: {
        type: 'software-service-authorizations',
        attributes: { email: DEMO_SOFTWARE_MEMBER, distId: 'DEMO-ORDER-2041' },
        relationships: { service: { data: { type: 'software-services', id: services.get('voice')! } } },
      },
    },
    `${KEY}:authorization:voice`,
  );
  // signed in only while the association is missing (a sign-in is an event of the account)
  const associated = (await admin.get(
    `/software-service-associations?filter[authorization]=${authorization.id}&minPosition=${authorization.position}`,
  )) as { data: unknown[] };
  if (associated.data.length === 0) {
    const member = await memberSession(
      options.baseUrl,
      DEMO_SOFTWARE_MEMBER,
      DEMO_PASSWORD,
      options.adminToken,
      authorization.position,
    );
    must(
      await member.call(
        'POST',
        '/services/software/associations',
        {
          data: {
            type: 'software-service-associations',
            attributes: { installationId: demoInstallations[0].installationId, name: 'My tablet' },
            relationships: {
              authorization: { data: { type: 'software-service-authorizations', id: authorization.id } },
            },
          },
        },
        `${KEY}:association:tablet`,
      ),
      'the demo association',
    );
  }
  options.logger.info({ installations: demoInstallations.length }, 'demo software seeded');
}
