import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeSigner } from '@platform/infra/mail/unsubscribe';
import { DELIVER_BATCH } from './deliver.ts';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * Sending a newsletter (ADR 0065) as the back office and its readers live it: an application administrator sends
 * a mailing template to the contacts subscribed; the platform's job writes each of them the letter in their
 * language with their own way out (in the letter, its text and its List-Unsubscribe header), once; the template
 * says when it was last sent. One version of a letter goes once; a reader leaves with their link, and a link the
 * platform did not sign does nothing.
 */

/** the test platform's link-signing secret (tests/support/apps/accounts-app.ts) */
const SECRET = 'test-secret-for-verification-links-0123456789';

let app: AccountsTestApp;
let appAdmin: Person;
let member: Person;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

const job = () => app.platform.jobs.find((j) => j.name === 'newsletters.deliver')!;

async function contact(email: string, attributes: Record<string, unknown> = {}) {
  return created(
    await appAdmin.browser.call('POST', '/api/v1/light-users', {
      body: doc('light-users', { firstName: 'Reader', lastName: email.split('@')[0], email, ...attributes }),
    }),
  );
}

async function template(subject: string) {
  return created(
    await appAdmin.browser.call('POST', '/api/v1/mailing-templates', {
      body: doc('mailing-templates', {
        subject,
        introText:
          '<p>Our <a href="https://example.org/fair">fair</a> opens on Monday &amp; lasts a week.</p>',
      }),
    }),
  );
}

const send = (id: string, who: Person | null = appAdmin, headers: Record<string, string> = {}) =>
  (who?.browser ?? app.browser()).call('POST', `/api/v1/services/newsletters/${id}/send`, { headers });

/** Runs the job until the sending is read as finished (its timer may run passes too), and answers it. */
async function finished(sendingId: string) {
  let sending: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        await job().run();
        const read = await appAdmin.browser.call('GET', `/api/v1/newsletter-sendings/${sendingId}`);
        sending = read.body.data?.attributes ?? {};
        return sending.finishedAt ?? null;
      },
      { timeout: 30_000, interval: 100 },
    )
    .not.toBeNull();
  return sending;
}

interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
}

async function mailsTo(to: string): Promise<Mail[]> {
  return app.platform.sql<Mail[]>`
    select to_address, subject, text_body, html_body, headers from dev_mailbox
     where lower(to_address) = ${to.toLowerCase()} order by id`;
}

const linkOf = (mail: Mail) => {
  const match = /\/services\/light-users\/unsubscribe\/([0-9a-f-]{36})\?s=([A-Za-z0-9_-]{43})/.exec(
    mail.headers?.['List-Unsubscribe'] ?? '',
  );
  if (!match) throw new Error(`no unsubscribe link in ${JSON.stringify(mail.headers)}`);
  return { id: match[1]!, signature: match[2]! };
};

const unsubscribe = (path: string, signature: string) =>
  app.browser().call('POST', `/api/v1/services/${path}`, {
    body: { data: { type: 'unsubscriptions', attributes: { signature } } },
  });

beforeAll(async () => {
  app = await startAccountsApp();
  [appAdmin, member] = await Promise.all([
    person(app, 'newsletters-admin@example.org', { roles: ['app_admin'] }),
    person(app, 'newsletters-member@example.org', { accessLevel: 'member_level_2' }),
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('sending a newsletter', () => {
  it('goes once to each subscribed contact, in their language, with their own way out', async () => {
    const letter = await template('Spring news');
    // nobody subscribed yet: nothing to send
    const empty = await send(letter.id);
    expect(empty.status).toBe(409);
    expect(empty.body.errors[0].code).toBe('conflict.newsletter_no_recipients');

    const ana = await contact('ana@example.org', { hasMailSubscription: true, locale: 'fr' });
    const ben = await contact('ben@example.org', { hasMailSubscription: true });
    await contact('cleo@example.org', { hasMailSubscription: false });
    const dan = await contact('dan@example.org', { hasMailSubscription: true });
    const putAside = await appAdmin.browser.call('POST', `/api/v1/light-users/${dan.id}/soft-delete`);
    expect(putAside.status).toBe(200);

    // one access rule: the template's update; a visitor 401, a member 403, an unknown template 404
    expect((await send(letter.id, null)).status).toBe(401);
    expect((await send(letter.id, member)).status).toBe(403);
    expect((await send('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send('not-an-id')).status).toBe(404);

    // the read models have every contact before the count is asked
    await appAdmin.browser.call('GET', `/api/v1/light-users?minPosition=${putAside.body.meta.position}`);
    const sent = await send(letter.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.meta.recipientsCount).toBe(2);
    const sendingId = sent.body.data.id as string;
    // the same version of the letter again: refused, on the sending's own stream
    const again = await send(letter.id);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.newsletter_already_sent');

    const done = await finished(sendingId);
    expect(done).toMatchObject({ recipientsCount: 2, deliveredCount: 2, failedCount: 0 });
    // whatever passes ran, each reader has one letter, and nobody else any
    const [toAna, toBen, toCleo, toDan] = await Promise.all(
      ['ana', 'ben', 'cleo', 'dan'].map((name) => mailsTo(`${name}@example.org`)),
    );
    expect(toAna).toHaveLength(1);
    expect(toBen).toHaveLength(1);
    expect(toCleo).toHaveLength(0);
    expect(toDan).toHaveLength(0);

    const french = toAna![0]!;
    expect(french.subject).toBe('Spring news');
    expect(french.html_body).toContain('<html lang="fr"');
    expect(french.html_body).toContain('Se désabonner de ces lettres d’information');
    expect(linkOf(french).id).toBe(ana.id);
    // the one-click way out of RFC 8058 first, then the page
    expect(french.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(french.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<https?://[^>]+/api/v1/services/light-users/${ana.id}/unsubscribe/one-click\\?s=[A-Za-z0-9_-]{43}>, <`,
      ),
    );
    expect(french.html_body).toContain(
      `/services/light-users/unsubscribe/${ana.id}?s=${linkOf(french).signature}`,
    );
    // the text part: the introduction without its tags, the link's address kept, the way out
    expect(french.text_body).toContain('Spring news');
    expect(french.text_body).toMatch(/fair \[?https:\/\/example\.org\/fair\]?/);
    expect(french.text_body).toContain('opens on Monday & lasts a week.');
    expect(french.text_body).not.toContain('<p>');
    expect(french.text_body).toContain(`/services/light-users/unsubscribe/${ana.id}?s=`);
    const english = toBen![0]!;
    expect(english.html_body).toContain('<html lang="en"');
    expect(english.html_body).toContain('Unsubscribe from these newsletters');
    expect(linkOf(english).id).toBe(ben.id);
    expect(linkOf(english).signature).not.toBe(linkOf(french).signature);

    // the template says when it was last sent; its history says to how many
    await expect
      .poll(
        async () =>
          (await appAdmin.browser.call('GET', `/api/v1/mailing-templates/${letter.id}`)).body.data.attributes
            .lastSentAt,
        { timeout: 10_000, interval: 100 },
      )
      .not.toBeNull();
    // a member of the back office reads the sendings; nobody else, and nobody writes them
    expect((await member.browser.call('GET', `/api/v1/newsletter-sendings/${sendingId}`)).status).toBe(403);
    const listed = await appAdmin.browser.call(
      'GET',
      `/api/v1/newsletter-sendings?filter[mailingTemplate]=${letter.id}`,
    );
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([sendingId]);
    const forged = await appAdmin.browser.call('PATCH', `/api/v1/newsletter-sendings/${sendingId}`, {
      body: { data: { type: 'newsletter-sendings', id: sendingId, attributes: { deliveredCount: 0 } } },
    });
    expect(forged.status).toBe(403);
    expect(
      (
        await appAdmin.browser.call('POST', '/api/v1/newsletter-sendings', {
          body: doc(
            'newsletter-sendings',
            {},
            { mailingTemplate: { data: { type: 'mailing-templates', id: letter.id } } },
          ),
        })
      ).status,
    ).toBe(403);

    // the reader leaves with their link: once, twice, the same answer; the next letter does not go to them
    const anaLink = linkOf(french);
    const otherLink = linkOf(english);
    // another contact's signature, a forged one and a malformed one do nothing
    expect((await unsubscribe(`light-users/${ana.id}/unsubscribe`, otherLink.signature)).status).toBe(404);
    expect((await unsubscribe(`light-users/${ana.id}/unsubscribe`, 'A'.repeat(43))).status).toBe(404);
    expect((await unsubscribe(`light-users/${ana.id}/unsubscribe`, 'short')).status).toBe(422);
    expect((await unsubscribe(`light-users/not-an-id/unsubscribe`, anaLink.signature)).status).toBe(404);
    const left = await unsubscribe(`light-users/${ana.id}/unsubscribe`, anaLink.signature);
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect((await unsubscribe(`light-users/${ana.id}/unsubscribe`, anaLink.signature)).status).toBe(204);
    await expect
      .poll(
        async () =>
          (await appAdmin.browser.call('GET', `/api/v1/light-users/${ana.id}`)).body.data.attributes
            .hasMailSubscription,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(false);

    // a change to the letter makes a version that may be sent
    const edited = await appAdmin.browser.call('PATCH', `/api/v1/mailing-templates/${letter.id}`, {
      body: {
        data: { type: 'mailing-templates', id: letter.id, attributes: { subject: 'Spring news, again' } },
      },
    });
    expect(edited.status).toBe(200);
    const second = await send(letter.id);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.meta.recipientsCount).toBe(1);
    const secondDone = await finished(second.body.data.id as string);
    expect(secondDone).toMatchObject({ deliveredCount: 1, failedCount: 0 });
    expect(await mailsTo('ana@example.org')).toHaveLength(1);
    expect((await mailsTo('ben@example.org')).map((m) => m.subject)).toEqual([
      'Spring news',
      'Spring news, again',
    ]);
  });

  it('the same request again answers as the first did; a sending of several steps writes each reader once', async () => {
    const letter = await template('Summer news');
    // more readers than one step takes (DELIVER_BATCH), so the job goes on from where its last step stopped
    const crowd = Array.from({ length: DELIVER_BATCH + 5 }, (_, i) => `crowd-${i}@example.org`);
    const made = await Promise.all(crowd.map((email) => contact(email, { hasMailSubscription: true })));
    const eve = await contact('eve@example.org', { hasMailSubscription: true });
    const last = [...made, eve].map((c) => BigInt(c.position)).reduce((a, b) => (a > b ? a : b));
    await appAdmin.browser.call('GET', `/api/v1/light-users?page[size]=1&minPosition=${last}`);
    const key = { 'Idempotency-Key': `send-${letter.id}` };
    const first = await send(letter.id, appAdmin, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retried = await send(letter.id, appAdmin, key);
    expect(retried.status).toBe(201);
    expect(retried.body.data.id).toBe(first.body.data.id);
    // another request (another key) for the same version is refused
    const other = await send(letter.id, appAdmin, { 'Idempotency-Key': `other-${letter.id}` });
    expect(other.status, JSON.stringify(other.body)).toBe(409);
    expect(other.body.errors[0].code).toBe('conflict.newsletter_already_sent');
    const done = await finished(first.body.data.id as string);
    // ben, still subscribed from the first sending, eve and the crowd
    expect(first.body.meta.recipientsCount).toBe(crowd.length + 2);
    expect(done).toMatchObject({ deliveredCount: crowd.length + 2, failedCount: 0 });
    const letters = await app.platform.sql<{ to_address: string }[]>`
      select to_address from dev_mailbox where subject = 'Summer news'`;
    const addresses = letters.map((l) => l.to_address).sort();
    expect(addresses).toEqual([...crowd, 'ben@example.org', 'eve@example.org'].sort());
  });

  it('a mail provider’s one-click post leaves for the reader (RFC 8058)', async () => {
    const signer = unsubscribeSigner(SECRET);
    const gus = await contact('gus@example.org', { hasMailSubscription: true });
    const oneClick = (id: string, signature: string) =>
      fetch(app.url(`/api/v1/services/light-users/${id}/unsubscribe/one-click?s=${signature}`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(gus.id, signer.contact(randomUUID()))).status).toBe(404);
    expect((await oneClick(gus.id, 'short')).status).toBe(404);
    expect((await oneClick(gus.id, signer.contact(gus.id))).status).toBe(204);
    await expect
      .poll(
        async () =>
          (await appAdmin.browser.call('GET', `/api/v1/light-users/${gus.id}`)).body.data.attributes
            .hasMailSubscription,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(false);
  });

  it('an address leaves with its signed link, and the answer tells nothing of who is known', async () => {
    const signer = unsubscribeSigner(SECRET);
    const frank = await contact('Frank@Example.org', { hasMailSubscription: true });
    const path = (email: string) => `unsubscribe/${encodeURIComponent(email)}`;
    // an address nobody has, signed: the same 204
    expect((await unsubscribe(path('nobody@example.org'), signer.email('nobody@example.org'))).status).toBe(
      204,
    );
    // another address's signature, and a malformed address: 404
    expect((await unsubscribe(path('frank@example.org'), signer.email('nobody@example.org'))).status).toBe(
      404,
    );
    expect((await unsubscribe(path('not an address'), signer.email('not an address'))).status).toBe(404);
    // the address as the link has it, in any case
    const left = await unsubscribe(path('FRANK@example.org'), signer.email('frank@example.org'));
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    await expect
      .poll(
        async () =>
          (await appAdmin.browser.call('GET', `/api/v1/light-users/${frank.id}`)).body.data.attributes
            .hasMailSubscription,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(false);
  });
});
