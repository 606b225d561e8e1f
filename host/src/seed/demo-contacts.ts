import type { Logger } from 'pino';
import type { PublicLightUserForm } from '@platform/contracts/contacts/endpoints';
import { solveCaptcha } from '@platform/infra/captcha';
import { SEEDER_PASS_HEADER } from '../readiness.ts';
import { seedClient } from './client.ts';

/**
 * The demo site's contacts (seed 001 §3 light-user, light-user-form, light-user-form-input): a form the back office
 * opened for a fair, two visitors' inputs sent through its public page as a visitor's browser sends them (the
 * captcha solved), one of them handled into a contact, and a contact the back office keeps by hand. Written with
 * Idempotency-Keys, so running it again appends nothing. Seeded with the contacts feature on.
 */

const KEY = 'seed:contacts';

export const demoContactForm = {
  title: 'Autumn fair: stay in touch',
  description:
    'We met at the assistive-technology fair. Leave us your details and we will send you the loan catalogue and ' +
    'the dates of the next workshops.',
  isSubscriptionForm: true,
  allowMessage: true,
  allowNoOrganization: true,
  country: 'FR',
} as const;

export const demoContact = {
  firstName: 'Lucie',
  lastName: 'Martin',
  email: 'lucie.martin@demo.example',
  phone: '+33 1 23 45 67 89',
  locale: 'fr',
  hasMailSubscription: true,
  adminOnlyNote: 'Occupational therapist; asked for the switch-access workshop dates.',
} as const;

/** the visitors' inputs, by seed key: the first is handled into a contact by the seeding, the second waits */
export const demoContactInputs = [
  {
    key: 'handled',
    attributes: {
      userFirstName: 'Tomás',
      userLastName: 'García',
      userEmail: 'tomas.garcia@demo.example',
      userHasMailSubscription: true,
      organizationName: 'Centro de rehabilitación del Norte',
      message: 'Do you lend eye-gaze devices for a month?',
      locale: 'es',
    },
  },
  {
    key: 'waiting',
    attributes: {
      userFirstName: 'Ioana',
      userLastName: 'Popescu',
      userEmail: 'ioana.popescu@demo.example',
      userHasMailSubscription: false,
      organizationName: null,
      message: 'I would like to try a head mouse before buying one.',
      locale: 'ro',
    },
  },
] as const;

export async function seedDemoContacts(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  /** the demo newsletter the form's subscribers get */
  newsletter: string;
}): Promise<string> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  let position = '0';
  const later = (next: string) => {
    if (BigInt(next) > BigInt(position)) position = next;
  };
  const contact = await admin.command(
    'POST',
    '/light-users',
    { data: { type: 'light-users', attributes: demoContact } },
    `${KEY}:contact:lucie`,
  );
  later(contact.position);
  const form = await admin.command(
    'POST',
    '/light-user-forms',
    {
      data: {
        type: 'light-user-forms',
        attributes: demoContactForm,
        relationships: {
          mailingTemplate: { data: { type: 'mailing-templates', id: options.newsletter } },
          defaultJob: { data: { type: 'jobs', id: 'not_specified' } },
        },
      },
    },
    `${KEY}:form`,
  );
  const read = (await admin.get(`/light-user-forms/${form.id}?minPosition=${form.position}`)) as {
    data: { attributes: { token: string } };
  };
  const token = read.data.attributes.token;
  // no credential, as a visitor; only the seeder's pass, which takes a first start's requests past its "starting" gate
  const pass = { [SEEDER_PASS_HEADER]: options.adminToken };
  for (const { key, attributes } of demoContactInputs) {
    // as a visitor's browser: the page's challenge solved, no credential
    const page = await fetch(`${options.baseUrl}/api/v1/services/forms/${form.id}?t=${token}`, {
      headers: pass,
    });
    if (!page.ok) throw new Error(`Seeding: the demo form's page answered ${page.status}`);
    const challenge = ((await page.json()) as PublicLightUserForm).data.attributes.captcha;
    const captcha = challenge ? await solveCaptcha(challenge) : null;
    const sent = await fetch(`${options.baseUrl}/api/v1/services/forms/${form.id}/inputs`, {
      method: 'POST',
      headers: {
        'content-type': 'application/vnd.api+json',
        'x-requested-with': 'XMLHttpRequest',
        'idempotency-key': `${KEY}:input:${key}`,
        ...pass,
      },
      body: JSON.stringify({
        data: { type: 'light-user-form-inputs', attributes: { ...attributes, token, captcha } },
      }),
    });
    const answer = (await sent.json()) as {
      data?: { id: string };
      meta?: { position: string };
      errors?: unknown;
    };
    if (!sent.ok)
      throw new Error(
        `Seeding the demo form's input failed (${sent.status}): ${JSON.stringify(answer.errors)}`,
      );
    if (key === 'handled') {
      const input = (await admin.get(
        `/light-user-form-inputs/${answer.data!.id}?minPosition=${answer.meta!.position}`,
      )) as {
        data: { attributes: { handledAt: string | null } };
      };
      if (input.data.attributes.handledAt === null) {
        const handled = await admin.command(
          'POST',
          `/services/light-user-form-inputs/${answer.data!.id}/handle`,
          undefined,
          `${KEY}:handle:${key}`,
        );
        later(handled.position);
      }
    }
  }
  options.logger.info({ inputs: demoContactInputs.length }, 'demo contacts seeded');
  // the position of the last contact written: the newsletter's sending counts them from the read model
  return position;
}
