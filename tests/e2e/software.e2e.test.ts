import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin, one } from './support/admin-api.ts';
import { baseUrl, openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

/**
 * The software catalogue in the browser (ADR 0061): a member finds the service granted to them under "My software"
 * and associates an installation of theirs by keyboard, by the id its software shows, until the service is full,
 * then removes one after confirming; the administrators read the software's events charted. Everything here is this
 * run's own: its service, the authorization for a demo member, the installations that reported.
 */

const MEMBER = 'member2@demo.example';
let run: string;
let serviceName: string;
const installations: string[] = [];

/** An installation, made as its software makes it: by reporting a declared event. */
async function reported(n: number): Promise<string> {
  const installationId = `E2E-${run}-DEVICE-${n}`;
  const sent = await fetch(`${baseUrl()}/api/v1/services/software/stats`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: {
        type: 'software-stats',
        attributes: {
          installationId,
          deviceId: `e2e-device-${n}`,
          event: 'launch',
          version: '2.4.1',
          system: 'Android 14',
        },
      },
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  return installationId;
}

beforeAll(async () => {
  run = randomUUID().slice(0, 6).toUpperCase();
  serviceName = `Voice ${run}`;
  const service = await asAdmin('POST', '/software-services', {
    data: { type: 'software-services', attributes: { name: serviceName, associationsMax: 2 } },
  });
  await asAdmin('POST', '/software-service-authorizations', {
    data: {
      type: 'software-service-authorizations',
      attributes: { email: MEMBER, distId: `ORDER-${run}` },
      relationships: { service: one('software-services', service.data.id) },
    },
  });
  for (const n of [1, 2, 3]) installations.push(await reported(n));
}, 120_000);

async function memberPage(viewport = { width: 1280, height: 900 }, { largest = false } = {}): Promise<Page> {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  const page = await pageOfTest(context, true);
  await signIn(page, MEMBER);
  return page;
}

/** The card of this run's service. */
const card = (page: Page) => page.getByRole('region', { name: serviceName });

describe('a member’s software', () => {
  test('associates installations by keyboard until the service is full, then removes one after confirming', async () => {
    const page = await memberPage();
    await page.goto('/');
    // from the account menu
    await page.getByRole('banner').getByRole('button', { name: 'Max Demo' }).click();
    await page.getByRole('menuitem', { name: 'My software' }).click();
    await page.waitForURL('**/account/software/associations');
    await page.getByRole('heading', { level: 1, name: 'My software' }).waitFor();
    const service = card(page);
    await service.getByRole('heading', { name: serviceName }).waitFor({ timeout: 30_000 });
    await service.getByText('0 of 2 installations').waitFor();
    await checkA11yInBothThemes(page, 'my software', 'software-mine');

    for (const [index, id] of installations.slice(0, 2).entries()) {
      const field = service.getByLabel('Installation id');
      await field.focus();
      await page.keyboard.type(id);
      await page.keyboard.press('Tab');
      await page.keyboard.type(`Tablet ${index + 1}`);
      await page.keyboard.press('Enter');
      await page
        .getByText(`Tablet ${index + 1} is now associated with ${serviceName}.`)
        .first()
        .waitFor({ timeout: 30_000 });
      await service.getByText(`${index + 1} of 2 installations`).waitFor();
    }
    // full: the form gives way to why
    await service
      .getByText('This service has as many installations as it allows. Remove one to associate another.')
      .waitFor();
    expect(await service.getByLabel('Installation id').count()).toBe(0);
    await shot(page, 'software-mine-full');

    await service.getByRole('button', { name: 'Remove Tablet 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Tablet 1?' });
    await confirm.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.getByText(`Tablet 1 was removed from ${serviceName}.`).first().waitFor({ timeout: 30_000 });
    await service.getByText('1 of 2 installations').waitFor();

    // the place is free again: the third installation takes it; an unknown id is said on its field
    const field = service.getByLabel('Installation id');
    await field.fill(`E2E-${run}-NOBODY`);
    await service.getByRole('button', { name: 'Associate the installation' }).click();
    await service.getByText(/No installation has this id/).waitFor({ timeout: 30_000 });
    await field.fill(installations[2]!);
    await service.getByRole('button', { name: 'Associate the installation' }).click();
    await page
      .getByText(`${installations[2]} is now associated with ${serviceName}.`)
      .first()
      .waitFor({ timeout: 30_000 });
    // what the software asks back: the service, for the installation associated
    const given = await fetch(
      `${baseUrl()}/api/v1/services/software/installations/${installations[2]}/services`,
    );
    expect(
      ((await given.json()) as { data: Array<{ attributes: { name: string } }> }).data.map(
        (s) => s.attributes.name,
      ),
    ).toContain(serviceName);
  }, 240_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text, in both themes', async () => {
    for (const [what, viewport, largest] of [
      ['320', { width: 320, height: 800 }, false],
      ['largest-text', { width: 1280, height: 900 }, true],
      ['largest-text-320', { width: 320, height: 800 }, true],
    ] as const) {
      const page = await memberPage(viewport, { largest });
      await page.goto('/account/software/associations');
      await card(page).getByRole('heading', { name: serviceName }).waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await inBothThemes(page, async (theme) => {
        const report = await measureReflow(page);
        expect(
          report.overflow,
          `${what} (${theme}) scrolls sideways: ${report.widest.join('; ')}`,
        ).toBeLessThanOrEqual(0);
        expect(report.outside, `${what} (${theme}): text beyond an edge`).toEqual([]);
        expect(report.clipped, `${what} (${theme}): elements that cut their text`).toEqual([]);
        await shot(page, `software-mine-${what}-${theme}`);
      });
    }
  }, 240_000);
});

describe('the software statistics in the back office', () => {
  test('an administrator reads the events and the sessions charted, each with its figures in a table', async () => {
    const { context } = await openContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageOfTest(context, true);
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Software events' }).click();
    await page.waitForURL('**/admin/resources/software/stats/events');
    await page.getByRole('heading', { level: 1, name: 'Software events' }).waitFor();
    // this run's installations reported a launch today, beside the demo's own reports
    await page.getByRole('table', { name: 'Events per day: figures' }).waitFor({ timeout: 30_000 });
    const launches = page.getByRole('columnheader', { name: 'launch' });
    await launches.waitFor();
    await checkA11yInBothThemes(page, 'software events', 'software-stats-events');
    await page.getByRole('navigation').getByRole('link', { name: 'Software sessions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Software sessions' }).waitFor();
    await page.getByRole('table', { name: 'Sessions per day: figures' }).waitFor({ timeout: 30_000 });
    await checkA11yInBothThemes(page, 'software sessions', 'software-stats-sessions');
  }, 180_000);

  test('an application administrator keeps the catalogue but reads no statistics', async () => {
    const { context } = await openContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageOfTest(context, true);
    await signIn(page, 'app-admin@demo.example');
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Software installations' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Software events' }).count()).toBe(0);
    await page.goto('/admin/resources/software/stats/events');
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor({ timeout: 30_000 });
  }, 180_000);
});
