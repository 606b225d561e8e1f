import { randomBytes, randomUUID } from 'node:crypto';
import type { Download, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, test } from 'vitest';
import { DEMO_OPEN_BADGE_ISSUER, DEMO_OPEN_BADGE_ISSUER_MEMBER } from '@platform/host/seed/demo-open-badges';
import { readBakedAssertionUrl } from '@platform/infra/open-badges/baked-png';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { DEMO_PASSWORD, shot, signIn } from './support/demo.ts';
import { describeFocus, isFocused, tabTo } from './support/focus.ts';

const JSON_API = {
  Accept: 'application/vnd.api+json',
  'X-Requested-With': 'XMLHttpRequest',
};

/** A call with the machine credential (the admin viewer), as an administrator's script would make it. */
async function asAdmin(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      ...JSON_API,
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
      ...(body ? { 'Content-Type': 'application/vnd.api+json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  expect(answer.ok, `${method} ${path}: ${text}`).toBe(true);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (text ? JSON.parse(text) : null) as any;
}

/**
 * A member of this run alone (verified e-mail, validated): reruns and the other browser tests never meet the
 * training requests this test makes. The demo password, so that the demo sign-in helper signs them in.
 */
async function createTrainee(id: string) {
  const email = `trainee-${id}@example.org`;
  const created = await asAdmin('POST', '/users', {
    data: {
      type: 'users',
      attributes: {
        email,
        firstName: 'Tess',
        lastName: `Trainee ${id}`,
        password: DEMO_PASSWORD,
        emailVerified: true,
      },
    },
  });
  const userId = created.data.id as string;
  await asAdmin('PATCH', `/users/${userId}`, {
    data: { type: 'users', id: userId, attributes: { validated: true } },
  });
  return { email, name: `Tess Trainee ${id}` };
}

/**
 * A badge of this run, published by the demo issuer (a member acting as the Demo Fab Lab) from its own browser
 * context: its image uploaded, then the badge with two modules. The demo badges have no image of their own; this
 * one's is what the baked PNG must carry.
 */
async function createBadge(issuer: Page, id: string) {
  const png = await sharp({
    create: { width: 128, height: 128, channels: 4, background: { r: 29, g: 79, b: 145, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const file = await issuer.request.post(`${baseUrl()}/api/v1/services/files`, {
    headers: JSON_API,
    multipart: {
      family: 'image',
      isPublic: 'true',
      description: 'A blue square',
      file: { name: `badge-${id}.png`, mimeType: 'image/png', buffer: png },
    },
  });
  expect(file.status(), await file.text()).toBe(201);
  const imageId = ((await file.json()) as { data: { id: string } }).data.id;
  const title = `Cushion check ${id}`;
  const modules = [
    { title: 'Reading the pressure map', content: 'Where the pressure peaks sit, and what moves them.' },
    { title: 'Choosing the cushion', content: 'Foam, air and gel cushions; covers and their care.' },
  ];
  const badge = await issuer.request.post(`${baseUrl()}/api/v1/open-badges`, {
    headers: { ...JSON_API, 'Content-Type': 'application/vnd.api+json' },
    data: JSON.stringify({
      data: {
        type: 'open-badges',
        attributes: {
          title,
          description: 'Checks a seat cushion against a pressure map with the user.',
          version: '1',
          validityDuration: 365,
          publishedAt: new Date(Date.now() - 60_000).toISOString(),
          modules: modules.map((m, i) => ({ id: randomUUID(), position: i + 1, ...m })),
        },
        relationships: { image: { data: { type: 'files', id: imageId } } },
      },
    }),
  });
  expect(badge.status(), await badge.text()).toBe(201);
  const answer = (await badge.json()) as { data: { id: string }; meta: { position: string } };
  // the start page reads the badge: once the read side has it
  const read = await issuer.request.get(
    `${baseUrl()}/api/v1/open-badges/${answer.data.id}?minPosition=${answer.meta.position}`,
    { headers: JSON_API },
  );
  expect(read.status(), await read.text()).toBe(200);
  return { id: answer.data.id, title, modules };
}

/** The keyboard alone: Tab to the control, then Enter. */
async function press(page: Page, control: Locator) {
  await control.waitFor();
  await tabTo(page, control, 60);
  await page.keyboard.press('Enter');
}

/** A download's bytes (the browser is remote: read through the stream, not a local path). */
async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('open badges: a member trains for a badge, the issuer deciding from a second browser', () => {
  test(
    'keyboard only from the badge’s public page through the training’s start, every module and the awarded badge, then its downloads',
    { timeout: 360_000 },
    async () => {
      const id = randomBytes(4).toString('hex');
      const trainee = await createTrainee(id);
      const desk = (await openPage()).page;
      await signIn(desk, DEMO_OPEN_BADGE_ISSUER_MEMBER);
      const badge = await createBadge(desk, id);

      // the member finds the badge on its public page (the open badges component's {path}/{id}), and reaches the
      // training from its link
      const { page } = await openPage();
      await signIn(page, trainee.email);
      await page.goto(`/open-badges/${badge.id}`);
      const badgeHeading = page.getByRole('heading', { level: 1, name: badge.title });
      await badgeHeading.waitFor();
      await page.getByText('Issued by Demo Fab Lab').waitFor();
      for (const module of badge.modules)
        await page.getByRole('listitem').filter({ hasText: module.title }).waitFor();
      await checkA11yInBothThemes(page, 'badge', 'open-badges-badge');
      await press(page, page.getByRole('link', { name: 'Start this training' }));
      await page.waitForURL(`**/open-badge-trainings/start/${DEMO_OPEN_BADGE_ISSUER}/${badge.id}`);
      const startHeading = page.getByRole('heading', {
        level: 1,
        name: `Training for the badge ${badge.title}`,
      });
      await startHeading.waitFor();
      await checkA11yInBothThemes(page, 'start', 'open-badges-start');
      await press(page, page.getByRole('button', { name: 'Request this training' }));
      await page.waitForURL(/\/open-badge-trainings\/[0-9a-f-]{36}(\?|$)/);
      const sessionId = new URL(page.url()).pathname.split('/').pop()!;
      const step = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
      await step('Waiting for the issuer').waitFor();

      // the issuer accepts it at the desk
      await desk.goto(`/admin/open-badges/sessions/${sessionId}`);
      const deskHeading = desk.getByRole('heading', { level: 1, name: 'Training session' });
      await deskHeading.waitFor();
      await desk.getByText(trainee.name).first().waitFor();
      await checkA11yInBothThemes(desk, 'desk-requested', 'open-badges-desk-requested');
      await press(desk, desk.getByRole('button', { name: 'Accept' }));
      await desk.getByText('The request is accepted.').waitFor();

      // the member's open page hears it (it reads the session again by itself), and the focus goes to the news
      await step('Request accepted').waitFor({ timeout: 30_000 });
      await expect.poll(() => isFocused(step('Request accepted'))).toBe(true);

      // every module, started and finished in its order
      for (const [index, module] of badge.modules.entries()) {
        const position = index + 1;
        await press(page, page.getByRole('button', { name: `Start module ${position}` }));
        const reading = step(`Module ${position}: ${module.title}`);
        await page.getByText(module.content).waitFor();
        await expect.poll(() => isFocused(reading), { message: await describeFocus(page) }).toBe(true);
        if (position === 1) await checkA11yInBothThemes(page, 'module', 'open-badges-module');
        await press(page, page.getByRole('button', { name: `Finish module ${position}` }));
        if (position < badge.modules.length)
          await step(`Module ${position + 1}: ${badge.modules[position]!.title}`).waitFor();
      }
      await step('Every module finished').waitFor();
      await page.getByText(`${badge.modules.length} of ${badge.modules.length} modules finished`).waitFor();

      // the issuer issues the badge, the recipient's name prefilled
      await desk.reload();
      await desk.getByRole('heading', { level: 2, name: 'Issue the badge' }).waitFor();
      expect(await desk.getByLabel('Recipient name').inputValue()).toBe(trainee.name);
      await desk.getByLabel('Evidence').focus();
      await desk.keyboard.type('Checked two cushions with the user.');
      await press(desk, desk.getByRole('button', { name: 'Issue the badge' }));
      await desk.getByText('The badge is issued.').waitFor();
      await desk.evaluate(() => window.scrollTo(0, 0));
      await shot(desk, 'open-badges-desk-awarded');

      // the member's page shows the award by itself
      await step('Badge awarded').waitFor({ timeout: 30_000 });
      await page.getByText(`Congratulations: Demo Fab Lab awarded you the badge ${badge.title}.`).waitFor();
      const publicPage = await page
        .getByRole('link', { name: 'See the badge’s public page' })
        .getAttribute('href');
      const assertionId = publicPage!.split('/').pop()!;
      await checkA11yInBothThemes(page, 'awarded', 'open-badges-awarded');

      // to the member's badges, by keyboard
      await press(page, page.getByRole('link', { name: 'My open badges' }));
      await page.waitForURL('**/account/profile/open-badges');
      const card = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { level: 2, name: badge.title }),
      });
      await card.waitFor();
      await card.getByText('Issued by Demo Fab Lab').waitFor();
      await card.getByText('Valid', { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
        `/open-badges/assertions/${assertionId}`,
      );
      // its image is the badge's, loaded
      await expect
        .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(128);
      await checkA11yInBothThemes(page, 'account', 'open-badges-account');

      // the verification documents answer (ADR 0030: the host mounts the verification routes)
      for (const name of [
        'Download the badge image (PNG)',
        'Download the credential (Open Badges 3.0, JSON)',
      ]) {
        const href = await card.getByRole('link', { name }).getAttribute('href');
        const answer = await page.request.get(`${baseUrl()}${href}`);
        expect(answer.status(), `GET ${href}: ${answer.status()}`).toBe(200);
      }

      // the baked image carries the assertion's URL
      const [png] = await Promise.all([
        page.waitForEvent('download'),
        press(page, card.getByRole('link', { name: 'Download the badge image (PNG)' })),
      ]);
      expect(png.suggestedFilename()).toMatch(new RegExp(`badge-${assertionId}\\.png$`));
      const baked = readBakedAssertionUrl(await bytesOf(png));
      expect(baked).toMatch(new RegExp(`/api/v1/open-badges/v2/assertions/${assertionId}$`));

      // the Open Badges 3.0 credential, a signed JSON document
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        press(page, card.getByRole('link', { name: 'Download the credential (Open Badges 3.0, JSON)' })),
      ]);
      expect(json.suggestedFilename()).toMatch(new RegExp(`badge-${assertionId}\\.json$`));
      const credential = JSON.parse((await bytesOf(json)).toString('utf8')) as {
        type: string[];
        proof?: unknown;
      };
      expect(credential.type).toContain('OpenBadgeCredential');
      expect(credential.proof).toBeTruthy();
    },
  );
});
