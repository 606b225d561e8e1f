import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

/**
 * The rental command's contract and invoice as PDF: made from the command as confirmed, the invoice's tax following
 * the member's invoicing strategy, and served under the command's read rule (its member and the rental desk). The
 * texts keep the letters of the platform's languages (Romanian ș and ț, Danish æ ø å): the fonts are embedded.
 */

/** The text the PDF draws, as a reader extracts it (pdf.js, through unpdf), its pages one after the other. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

let app: AccountsTestApp;
let position = 0n;
const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position ?? answer.headers.get('x-event-position');
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};
const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return note(answer);
};

interface Person {
  browser: Browser;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
}

async function person(email: string, firstName: string, role?: string): Promise<Person> {
  const user = await createUser(app, { email, firstName, lastName: 'Renter' });
  if (BigInt(user.position) > position) position = BigInt(user.position);
  if (role) {
    ok(
      await app.admin('PATCH', `/users/${user.id}`, {
        data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: role }] } } },
      }),
    );
    ok(await app.admin('GET', `/users/${user.id}?minPosition=${position}`));
  }
  const browser = app.browser();
  ok(await signIn(browser, email));
  return {
    browser,
    call: async (method, path, body) =>
      note(await browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body })),
  };
}

/** The document's bytes as a browser downloads them (the session cookie, no JSON parsing). */
async function download(
  who: Person | null,
  commandId: string,
  kind: 'contract' | 'invoice',
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Uint8Array }> {
  const cookie = who?.browser.cookie();
  const response = await fetch(
    app.url(`/api/v1/services/rentals/commands/${commandId}/${kind}?minPosition=${position}`),
    { headers: cookie ? { Cookie: `atc_session=${cookie}` } : {} },
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

let alice: Person;
let claire: Person;
let bruno: Person;
let desk: Person;
let chair = '';
const modelName = `Scaun de duș ${randomUUID().slice(0, 8)}`;

/** A command confirmed through the booking routes: 500 cents a day for 7 days, picked up. */
async function confirmed(who: Person, from: number): Promise<string> {
  const startAt = addDays(calendarDateIn(app.now()), from);
  const booked = ok(
    await who.call('POST', `/services/rentals/bookings?minPosition=${position}`, {
      data: {
        type: 'rental-bookings',
        attributes: {
          models: [{ modelId: chair, quantity: 1 }],
          startAt,
          endAt: addDays(startAt, 7),
          strategy: 'pick_up',
          phone: '+33 6 12 34 56 78',
          billingAddress: '1 rue de la Paix, 75002 Paris',
          shippingAddress: null,
        },
      },
    }),
  );
  const placed = ok(
    await who.call('POST', `/services/rentals/commands?minPosition=${position}`, {
      data: { type: 'rental-commands', attributes: { bookingId: booked.body.data.id } },
    }),
  );
  return placed.body.data.id as string;
}

let filesDir = '';

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'rental-documents-'));
  app = await startAccountsApp({}, { files: { dir: filesDir } });
  ok(
    await app.admin('PATCH', '/app-environments/main', {
      data: {
        type: 'app-environments',
        id: 'main',
        attributes: {
          rentalOrganizationTax: 20,
          documentRentalConditions:
            '<p>Items come back <strong>clean</strong>.</p>' +
            '<p>Șervețelele și țesăturile se returnează spălate; æsker og låg afleveres tørre.</p>',
        },
      },
    }),
  );
  chair = ok(
    await app.admin('POST', '/rental-models', {
      data: {
        type: 'rental-models',
        attributes: { name: modelName, rentingPrice: 500, publishedAt: '2020-01-01T00:00:00Z' },
      },
    }),
  ).body.data.id as string;
  for (let i = 0; i < 3; i++)
    ok(
      await app.admin('POST', '/rental-items', {
        data: {
          type: 'rental-items',
          attributes: { stockId: `STO-${randomUUID().slice(0, 8)}` },
          relationships: { rentalModel: { data: { type: 'rental-models', id: chair } } },
        },
      }),
    );
  alice = await person('alice.documents@example.test', 'Alice');
  claire = await person('claire.documents@example.test', 'Claire');
  bruno = await person('bruno.documents@example.test', 'Bruno');
  desk = await person('desk.documents@example.test', 'Desk', 'rental_admin');
  ok(
    await claire.call('PATCH', '/users/me', {
      data: {
        type: 'users',
        attributes: {},
        relationships: {
          rentalInvoicingStrategy: { data: { type: 'rental-invoicing-strategies', id: 'no_vat' } },
        },
      },
    }),
  );
  // the catalogue and the profiles as the bookings will read them
  ok(await app.admin('GET', `/rental-models/${chair}?minPosition=${position}`));
});
afterAll(async () => {
  await app?.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** A file that is not public, uploaded through the file fields' route as the web's contract field does. */
async function uploadPrivate(who: Person, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.append('isPublic', 'false');
  form.append('family', 'doc,image');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: { Cookie: `atc_session=${who.browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  const body = (await response.json()) as { data: { id: string }; meta: { position: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  if (BigInt(body.meta.position) > position) position = BigInt(body.meta.position);
  return body.data.id;
}

async function signedContract(who: Person | null, commandId: string) {
  const cookie = who?.browser.cookie();
  const response = await fetch(
    app.url(`/api/v1/services/rentals/commands/${commandId}/signed-contract?minPosition=${position}`),
    { headers: cookie ? { Cookie: `atc_session=${cookie}` } : {} },
  );
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('the rental command documents', () => {
  it('makes the contract to sign: the member, the period, the items, the amounts and the conditions', async () => {
    const commandId = await confirmed(alice, 30);
    const contract = await download(alice, commandId, 'contract');
    expect(contract.status).toBe(200);
    expect(contract.type).toBe('application/pdf');
    expect(contract.disposition).toContain(`rental-contract-${commandId}.pdf`);
    expect(Buffer.from(contract.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(contract.bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(parsed.getTitle()).toBe(`Rental contract ${commandId}`);

    const text = await pdfText(contract.bytes);
    expect(text).toContain('Rental contract');
    expect(text).toContain(`Rental command ${commandId}`);
    expect(text).toContain('Alice Renter');
    expect(text).toContain('alice.documents@example.test');
    expect(text).toContain('1 rue de la Paix, 75002 Paris');
    expect(text).toContain(modelName);
    expect(text).toContain('(7 days)');
    // 500 cents a day for 7 days, and 20 % on it
    expect(text).toMatch(/Total excl\. tax[\s\S]*€35\.00/);
    expect(text).toContain('VAT (20 %)');
    expect(text).toContain('€7.00');
    expect(text).toContain('€42.00');
    expect(text).toContain('Items come back clean.');
    expect(text).toContain('Șervețelele și țesăturile se returnează spălate; æsker og låg afleveres tørre.');
    expect(text).toContain('The member, date and signature:');
  });

  it('invoices with the organisation tax, and with none for a member whose strategy is no VAT', async () => {
    const taxed = await download(alice, await confirmed(alice, 45), 'invoice');
    expect(taxed.status).toBe(200);
    expect(Buffer.from(taxed.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const taxedText = await pdfText(taxed.bytes);
    expect(taxedText).toContain('Invoice');
    expect(taxedText).toContain('VAT (20 %)');
    expect(taxedText).toContain('€7.00');
    expect(taxedText).toContain('€42.00');
    expect(taxedText).not.toContain('No VAT');

    const untaxed = await download(claire, await confirmed(claire, 60), 'invoice');
    expect(untaxed.status).toBe(200);
    const untaxedText = await pdfText(untaxed.bytes);
    expect(untaxedText).toContain('Claire Renter');
    expect(untaxedText).toMatch(/No VAT \(.+\)/);
    expect(untaxedText).toContain('€0.00');
    expect(untaxedText).not.toContain('€42.00');
    expect(untaxedText).toContain(modelName);
    // the total's row: its label, and its amount at the page's right edge
    expect(untaxedText).toMatch(/Total €35\.00/);
  });

  it('serves them to the member and the rental desk only: another member is told it does not exist', async () => {
    const commandId = await confirmed(alice, 75);
    for (const kind of ['contract', 'invoice'] as const) {
      expect((await download(alice, commandId, kind)).status).toBe(200);
      const byDesk = await download(desk, commandId, kind);
      expect(byDesk.status).toBe(200);
      expect(await pdfText(byDesk.bytes)).toContain('Alice Renter');
      expect((await download(bruno, commandId, kind)).status).toBe(404);
      expect((await download(null, commandId, kind)).status).toBe(401);
      expect((await download(alice, randomUUID(), kind)).status).toBe(404);
      expect((await download(alice, 'not-an-id', kind)).status).toBe(404);
    }
  });

  it('the signed contract, uploaded by the member or by the desk for them, is read by both and no one else', async () => {
    const commandId = await confirmed(alice, 90);
    const action = (who: Person, attributes: object) =>
      who.call('POST', `/services/rentals/commands/${commandId}/actions`, {
        data: { type: 'rental-command-actions', attributes },
      });
    ok(await action(desk, { action: 'validate' }));
    expect((await signedContract(alice, commandId)).status).toBe(404);

    // the desk uploads the contract the member signed on paper, for them
    const signed = await download(alice, commandId, 'contract');
    const byDesk = await uploadPrivate(desk, signed.bytes, 'signed-by-alice.pdf');
    ok(await action(desk, { action: 'uploadContract', fileId: byDesk }));
    const shown = ok(
      await alice.call('GET', `/services/rentals/commands/${commandId}?minPosition=${position}`),
    );
    expect(shown.body.data.attributes.signedContractFileId).toBe(byDesk);
    expect(shown.body.data.attributes.flags).toMatchObject({ requiringContractValidation: true });
    // the file is not public: its member reads it through their command only
    expect((await alice.call('GET', `/services/files/${byDesk}`)).status).toBe(404);
    for (const reader of [alice, desk]) {
      const read = await signedContract(reader, commandId);
      expect(read.status).toBe(200);
      expect(Buffer.from(read.bytes).equals(Buffer.from(signed.bytes))).toBe(true);
    }
    expect((await signedContract(bruno, commandId)).status).toBe(404);
    expect((await signedContract(null, commandId)).status).toBe(401);

    // refused, the member uploads theirs again: the desk reads the member's file as well
    ok(await action(desk, { action: 'refuseContract', comment: 'The second page is missing' }));
    const byMember = await uploadPrivate(alice, new Uint8Array([...signed.bytes, 0x0a]), 'mine.pdf');
    ok(await action(alice, { action: 'uploadContract', fileId: byMember }));
    expect((await desk.call('GET', `/services/files/${byMember}`)).status).toBe(404);
    const again = await signedContract(desk, commandId);
    expect(again.status).toBe(200);
    expect(again.bytes.length).toBe(signed.bytes.length + 1);
  });
});
