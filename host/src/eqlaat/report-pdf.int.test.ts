import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eqlaatReportPdfPath } from '@platform/contracts/eqlaat/records';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { doc, person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * An eqlaat report as a PDF (seed 000 §7, GET /services/eqlaat-reports/{id}/show/pdf): its title, what it is on,
 * its dates, its rich content as readable text over as many pages as it takes (the embedded fonts draw Romanian
 * and Danish letters as written, the euro and curly quotes, and an emoji the font lacks as '?'), and the names of
 * its secured files; served under the report's own `show` rule, answering as its find answers.
 */

let app: AccountsTestApp;
let team: Person;
let member: Person;
let admin: Person;
let serial = 0;

/** who downloads: a signed-in person, the bootstrap API token, or a visitor */
type Who = Person | 'token' | null;

const headersOf = (who: Who): Record<string, string> =>
  who === 'token'
    ? { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
    : who
      ? { Cookie: `atc_session=${who.browser.cookie()}` }
      : {};

async function created(answer: Promise<Response>): Promise<{ id: string; position: string }> {
  const response = await answer;
  const body = (await response.json()) as { data: { id: string }; meta: { position: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { id: body.data.id, position: body.meta.position };
}

const write = (who: Person, path: string, body: unknown) =>
  fetch(app.url(`/api/v1${path}`), {
    method: 'POST',
    headers: {
      ...headersOf(who),
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/vnd.api+json',
    },
    body: JSON.stringify(body),
  });

/** A project of the team's, and a report on it (or on `on`), written by `who`. */
async function reportOn(
  who: Person,
  attributes: { title?: string; content?: string } = {},
  on?: { type: string; id: string },
) {
  const n = ++serial;
  const projectTitle = `Scaun rulant și rampă ${n}`;
  const project = on
    ? null
    : await created(write(who, '/eqlaat-projects', doc('eqlaat-projects', { title: projectTitle })));
  const reportable = on ?? { type: 'eqlaat-projects', id: project!.id };
  const report = await created(
    write(
      who,
      '/eqlaat-reports',
      doc(
        'eqlaat-reports',
        { title: attributes.title ?? `Report ${n}`, content: attributes.content ?? '<p>Short.</p>' },
        { reportable: { data: reportable } },
      ),
    ),
  );
  return { id: report.id, position: report.position, projectId: project?.id ?? null, projectTitle };
}

/** The text the PDF draws, as a reader extracts it (pdf.js, through unpdf), its pages one after the other. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function download(who: Who, id: string, position?: string): Promise<Download> {
  const query = position ? `?minPosition=${position}` : '';
  const response = await fetch(app.url(`${eqlaatReportPdfPath(id)}${query}`), { headers: headersOf(who) });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** What the resource layer's find answers the same viewer for the same report. */
async function findStatus(who: Who, id: string, position?: string): Promise<number> {
  const query = position ? `?minPosition=${position}` : '';
  const response = await fetch(app.url(`/api/v1/eqlaat-reports/${id}${query}`), { headers: headersOf(who) });
  await response.arrayBuffer();
  return response.status;
}

/** A refusal is a JSON:API error document with the status it answers. */
function expectErrorDocument(answer: Download, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/vnd.api+json');
  const body = JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as {
    errors: Array<{ status: string }>;
  };
  expect(body.errors[0]?.status).toBe(String(status));
}

beforeAll(async () => {
  app = await startAccountsApp();
  team = await person(app, 'eqlaat-pdf-team@example.org', { roles: ['eqlaat_member'] });
  member = await person(app, 'eqlaat-pdf-member@example.org', { accessLevel: 'member_level_2' });
  admin = await person(app, 'eqlaat-pdf-admin@example.org', { roles: ['admin'] });
});
afterAll(async () => {
  await app?.close();
});

describe('an eqlaat report as a PDF', () => {
  it('is the report: its title, project, dates, content over several pages and its files, as a download', async () => {
    const long = Array.from(
      { length: 60 },
      (_, i) =>
        `<p>Paragraful ${i + 1}: echipa a vizitat locuința și a măsurat ușa, pragul și rampa de acces; ` +
        'familien ønsker en løsning før vinteren, og prisen på 1.200 € er godkendt af kommunen.</p>',
    ).join('');
    const made = await reportOn(team, {
      title: `Raport de vizită: rampă și ușă – ${serial + 1}`,
      content:
        '<h2>Observații</h2>' +
        '<p>Prisen er 1.200 € for “kørestol” og ændringer på trappen 👍 ok.</p>' +
        '<ul><li>Rampă de acces</li><li>Uşă lărgită</li></ul>' +
        '<p>Șoseaua Țării: ș ț Ș Ț ă î â Ă Î Â; æ ø å Æ Ø Å</p>' +
        '<ol><li>First step</li><li>Second step</li></ol>' +
        long,
    });
    // a secured file attached to the report (ADR 0027), as the report's screen uploads it
    const form = new FormData();
    form.append('model[type]', 'eqlaat-reports');
    form.append('model[id]', made.id);
    form.append('files[]', new Blob([Buffer.from('%PDF-1.4\n% plan\ntrailer << >>\n%%EOF\n')]), 'Plan ø.pdf');
    const attached = await fetch(app.url('/api/v1/services/secured-files'), {
      method: 'POST',
      headers: { ...headersOf(team), 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
    });
    const files = (await attached.json()) as { meta: { position: string } };
    expect(attached.status, JSON.stringify(files)).toBe(201);

    const pdf = await download(team, made.id, files.meta.position);
    expect(pdf.status, Buffer.from(pdf.bytes).toString('utf8').slice(0, 500)).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    const disposition = pdf.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="raport-de-vizita-rampa-si-usa-\d+\.pdf"/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Raport de vizită')}`);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const parsed = await PDFDocument.load(pdf.bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(2);
    // the metadata keep the title as written, every character of it
    expect(parsed.getTitle()).toMatch(/^Raport de vizită: rampă și ușă – \d+$/);

    const text = await pdfText(pdf.bytes);
    // the letters of the platform's languages as written: Romanian ș and ț with their comma below, Danish ø
    expect(text).toMatch(/Raport de vizită: rampă și ușă – \d+/);
    expect(text).toContain(`Project: ${made.projectTitle}`);
    expect(text).toMatch(/Created on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toMatch(/Last updated on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toContain('Observații');
    expect(text).toContain('Prisen er 1.200 € for “kørestol” og ændringer på trappen ? ok.');
    expect(text).toContain('• Rampă de acces');
    expect(text).toContain('• Uşă lărgită');
    expect(text).toContain('Șoseaua Țării: ș ț Ș Ț ă î â Ă Î Â; æ ø å Æ Ø Å');
    expect(text).toContain('1. First step');
    expect(text).toContain('2. Second step');
    // a paragraph wrapped over two lines, read as one
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Paragraful 60: echipa a vizitat locuința și a măsurat ușa, pragul și rampa de acces; ' +
        'familien ønsker en løsning før vinteren, og prisen på 1.200 € er godkendt af kommunen.',
    );
    expect(text).toContain('Attached files');
    expect(text).toContain('• Plan ø.pdf');
    expect(text).toMatch(/1 \/ \d+/);
    // the markup itself is never drawn
    expect(text).not.toContain('<p>');
  });

  it('names an appointment it is on, read under the viewer’s own access', async () => {
    const project = await reportOn(team);
    const appointment = await created(
      write(
        team,
        '/eqlaat-appointments',
        doc(
          'eqlaat-appointments',
          { title: 'Vizită la domiciliu', startAt: '2031-05-05T09:00:00Z', endAt: '2031-05-05T10:00:00Z' },
          { project: { data: { type: 'eqlaat-projects', id: project.projectId } } },
        ),
      ),
    );
    const made = await reportOn(
      team,
      { title: 'After the visit' },
      { type: 'eqlaat-appointments', id: appointment.id },
    );
    const pdf = await download(team, made.id, made.position);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Appointment: Vizită la domiciliu');
    expect(text).not.toContain('Attached files');
  });

  it('is refused to a visitor (401) and to a member outside the team, as the report’s find refuses them', async () => {
    const made = await reportOn(team);
    expect((await download(team, made.id, made.position)).status).toBe(200);
    expectErrorDocument(await download(null, made.id), 401);
    const refused = await download(member, made.id);
    expectErrorDocument(refused, 403);
    expect(refused.status).toBe(await findStatus(member, made.id));
    expect(await findStatus(null, made.id)).toBe(401);
  });

  it('is served to administrators, signed in or by the API token', async () => {
    const made = await reportOn(team, { title: 'Pentru administratori' });
    const byAdmin = await download(admin, made.id, made.position);
    expect(byAdmin.status).toBe(200);
    expect(await pdfText(byAdmin.bytes)).toContain('Pentru administratori');
    const byToken = await download('token', made.id, made.position);
    expect(byToken.status).toBe(200);
    expect((await PDFDocument.load(byToken.bytes)).getTitle()).toBe('Pentru administratori');
  });

  it('answers 404 for an unknown id and a malformed one, never 500', async () => {
    const made = await reportOn(team);
    expectErrorDocument(await download(team, randomUUID(), made.position), 404);
    expectErrorDocument(await download(team, 'not-an-id'), 404);
    expect(await findStatus(team, 'not-an-id')).toBe(404);
    for (const odd of ['%E0%A4%A', '..%2F..%2Fusers', "1'%20or%20'1'='1", 'x'.repeat(2000)]) {
      const answer = await download(team, odd);
      expect(answer.status, odd).toBeGreaterThanOrEqual(400);
      expect(answer.status, odd).toBeLessThan(500);
    }
  });

  it('of a soft-deleted report is found as its find finds it: by administrators only, marked deleted', async () => {
    const made = await reportOn(team, { title: 'Withdrawn report' });
    const deleted = await fetch(app.url(`/api/v1/eqlaat-reports/${made.id}/soft-delete`), {
      method: 'POST',
      headers: { ...headersOf(team), 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(deleted.status, await deleted.text()).toBeLessThan(300);
    const position = deleted.headers.get('x-event-position') ?? '';
    expect(position).not.toBe('');
    expectErrorDocument(await download(team, made.id, position), 404);
    expect(await findStatus(team, made.id, position)).toBe(404);
    const byAdmin = await download(admin, made.id, position);
    expect(byAdmin.status).toBe(200);
    expect(await findStatus(admin, made.id, position)).toBe(200);
    expect(await pdfText(byAdmin.bytes)).toMatch(/Deleted on \d{4}-\d\d-\d\d/);
  });
});

describe('with FEATURE_EQLAAT off', () => {
  let off: AccountsTestApp;
  beforeAll(async () => {
    off = await startAccountsApp({}, { features: { eqlaat: false } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 404, as the reports’ own routes do', async () => {
    const id = randomUUID();
    const pdf = await fetch(off.url(eqlaatReportPdfPath(id)), {
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get('content-type')).toContain('application/vnd.api+json');
    await pdf.arrayBuffer();
    expect((await off.admin('GET', `/eqlaat-reports/${id}`)).status).toBe(404);
  });
});
