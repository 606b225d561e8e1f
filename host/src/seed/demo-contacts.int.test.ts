import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { demoContact, demoContactForm, demoContactInputs, seedDemoContacts } from './demo-contacts.ts';
import { seedDemo } from './demo.ts';
import { demoNewsletter, sendDemoNewsletter } from './demo-newsletters.ts';

/**
 * The demo contacts (demo-contacts.ts), seeded by seedDemo with the contacts feature: the back office finds the
 * fair's form, its two inputs sent through the public page (one handled into a contact), and the contact it keeps
 * by hand; the form's page opens at its link; a run again appends nothing.
 */

type Doc = {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string } | null }>;
};

let app: AccountsTestApp;
const seedOptions = () => ({
  eventStore: app.platform.eventStore,
  contracts: app.platform.contracts,
  baseUrl: app.url(''),
  publicUrl: app.platform.accounts.context.publicUrl,
  adminToken: TEST_ADMIN_TOKEN,
  logger: capturedLogger().logger,
  features: onlyFeatures('contacts'),
});
const head = async () => String(await app.platform.eventStore.lastCommittedPosition());
const seededEvents = async (): Promise<number> => {
  const [row] = await app.platform.sql<{ n: string }[]>`select count(*)::text as n from es_events`;
  return Number(row?.n);
};

beforeAll(async () => {
  app = await startAccountsApp();
  expect(await seedDemo(seedOptions())).toBe('seeded');
});
afterAll(async () => {
  await app?.close();
});

describe('the demo contacts', () => {
  it('are a form with its inputs, one handled into a contact, and a contact kept by hand', async () => {
    const at = await head();
    const forms = await app.admin('GET', `/light-user-forms?minPosition=${at}`);
    expect(forms.status).toBe(200);
    const [form] = forms.body.data as Doc[];
    expect(form?.attributes).toMatchObject({ title: demoContactForm.title, inputsCount: 2 });
    expect(form?.relationships.mailingTemplate?.data).not.toBeNull();

    const inputs = (
      await app.admin('GET', `/light-user-form-inputs?filter[form]=${form!.id}&minPosition=${at}`)
    ).body.data as Doc[];
    expect(inputs.map((i) => i.attributes.userEmail).sort()).toEqual(
      demoContactInputs.map((i) => i.attributes.userEmail).sort(),
    );
    const handled = inputs.find((i) => i.attributes.handledAt !== null)!;
    expect(handled.attributes.userEmail).toBe('tomas.garcia@demo.example');
    expect(inputs.filter((i) => i.attributes.handledAt === null)).toHaveLength(1);

    const contacts = (await app.admin('GET', `/light-users?minPosition=${at}`)).body.data as Doc[];
    expect(contacts.map((c) => c.attributes.email).sort()).toEqual(
      [demoContact.email, 'tomas.garcia@demo.example'].sort(),
    );
    const made = contacts.find((c) => c.attributes.email === 'tomas.garcia@demo.example')!;
    expect(handled.relationships.createdLightUser?.data?.id).toBe(made.id);
    expect(made.attributes).toMatchObject({
      fullName: 'Tomás García',
      hasMailSubscription: true,
      locale: 'es',
    });

    // the form's page opens at its link, to anyone
    const token = (await app.admin('GET', `/light-user-forms/${form!.id}`)).body.data.attributes
      .token as string;
    const page = await fetch(app.url(`/api/v1/services/forms/${form!.id}?t=${token}`));
    expect(page.status).toBe(200);
  });

  it('sends the demo newsletter to the subscribed contacts, each in their language', async () => {
    const newsletter = ((await app.admin('GET', '/mailing-templates')).body.data as Doc[])[0]!.id;
    const job = app.platform.jobs.find((j) => j.name === 'newsletters.deliver')!;
    // the sending's last event is the template's NewsletterSent: once its lastSentAt is read, nothing more comes
    await expect
      .poll(
        async () => {
          await job.run();
          return (await app.admin('GET', `/mailing-templates/${newsletter}`)).body.data.attributes.lastSentAt;
        },
        { timeout: 30_000, interval: 100 },
      )
      .not.toBeNull();
    const sendings = (await app.admin('GET', `/newsletter-sendings?filter[mailingTemplate]=${newsletter}`))
      .body.data as Doc[];
    expect(sendings.map((s) => s.attributes)).toMatchObject([
      { recipientsCount: 2, deliveredCount: 2, failedCount: 0 },
    ]);
    const letters = await app.platform.sql<{ to_address: string; html_body: string }[]>`
      select to_address, html_body from dev_mailbox where subject = ${demoNewsletter.subject} order by to_address`;
    expect(letters.map((l) => l.to_address)).toEqual([demoContact.email, 'tomas.garcia@demo.example']);
    expect(letters[0]!.html_body).toContain('<html lang="fr"');
    expect(letters[1]!.html_body).toContain('<html lang="es"');
  });

  it('is seeded once: a run again appends nothing', async () => {
    const before = await seededEvents();
    const newsletter = ((await app.admin('GET', '/mailing-templates')).body.data as Doc[])[0]!.id;
    const contactsAt = await seedDemoContacts({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      newsletter,
    });
    await sendDemoNewsletter({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      newsletter,
      contactsAt,
    });
    expect(await seededEvents()).toBe(before);
  });
});
