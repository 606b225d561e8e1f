import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileChooser, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';
import { switchTheme } from './support/themes.ts';

const JSON_API = 'application/vnd.api+json';
const HEADERS = { Accept: JSON_API, 'X-Requested-With': 'XMLHttpRequest' };

const folder = mkdtempSync(join(tmpdir(), 'files-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A PNG of the given size written to a temp file: a gradient, so that it is a real picture and not empty. */
async function pngFile(name: string, width: number, height: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 255);
      pixels[at + 2] = 160;
    }
  const path = join(folder, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

/** Stores the theme as the theme switch does, with the system preference matching it, and reloads. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((dark) => localStorage.setItem('dark-theme', String(dark)), theme === 'dark');
  await page.emulateMedia({ colorScheme: theme });
  await page.reload();
}

/** A call of the signed-in page's session to the API (its cookies, the CSRF header). */
async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown) {
  const response = await page.request.fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { ...HEADERS, ...(data ? { 'Content-Type': JSON_API } : {}) },
    ...(data ? { data: JSON.stringify(data) } : {}),
  });
  return {
    status: response.status(),
    body: (await response.json()) as { data: { id: string }; meta: { position: string } },
  };
}

/** Whether an image element has loaded its bytes (and how wide they are). */
const loadedWidth = (page: Page, selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe('files: an image field uploaded by keyboard, its variant on the public page, SVG without script', () => {
  test('an administrator uploads an organization’s image by keyboard, sees progress and preview, saves; the public page shows the variant at its size', async () => {
    const suffix = randomBytes(3).toString('hex');
    const name = `E2E Seating Clinic ${suffix}`;
    const fileName = `clinic-front-${suffix}.png`;
    const png = await pngFile(fileName, 1200, 600);
    const { page } = await openPage();
    // listened for from the start: Playwright turns on the browser's file chooser interception when the first
    // listener is added, without waiting, and a press right after could still open the real dialog
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await signIn(page, 'admin@demo.example');
    const created = await api(page, 'POST', '/organizations', {
      data: { type: 'organizations', attributes: { name } },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.data.id);

    await page.goto(`/admin/resources/organizations/show/${id}?minPosition=${created.body.meta.position}`);
    await page.getByRole('heading', { level: 1, name: `Organizations: “${name}”` }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();

    const field = page.getByRole('group', { name: 'Image' });
    const choose = field.getByRole('button', { name: 'Choose a file' });
    await field.getByText('No file yet.').waitFor();
    // from the field before it, the keyboard reaches the file trigger
    await page.getByRole('combobox', { name: 'Access level' }).focus();
    await tabTo(page, choose, 5);
    expect(await isFocused(choose)).toBe(true);

    // the upload waits at the gate until the progress bar has been seen
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const uploads: Request[] = [];
    await page.route('**/api/v1/services/files', async (route) => {
      uploads.push(route.request());
      await gate;
      await route.continue();
    });
    await page.keyboard.press('Enter');
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(false);
    await picked.setFiles(png);

    const bar = page.getByRole('progressbar', { name: `Uploading ${fileName}` });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(uploads).toHaveLength(1);
    open();

    const preview = field.getByRole('img', { name: `Preview of ${fileName}` });
    await preview.waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    // the preview variant: at most 800 px wide, the aspect kept, its size set before it loads
    expect(await preview.getAttribute('width')).toBe('800');
    expect(await preview.getAttribute('height')).toBe('400');
    await expect.poll(() => loadedWidth(page, preview)).toBe(800);
    await field.getByText(fileName).waitFor();
    await page.unroute('**/api/v1/services/files');

    await checkA11y(page, 'organization form with an uploaded image (light)');
    await field.scrollIntoViewIfNeeded();
    await shot(page, 'files-organization-image-form-light', { fullPage: false });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/organizations/show/**');
    await page.getByRole('heading', { level: 1, name: `Organizations: “${name}”` }).waitFor();

    // the form opened again shows the saved image (included with the record), and passes axe in the dark theme
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();
    await useTheme(page, 'dark');
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();
    await expect.poll(() => loadedWidth(page, preview)).toBe(800);
    await field.getByRole('button', { name: `Remove ${fileName}` }).waitFor();
    await checkA11y(page, 'organization form with an uploaded image (dark)');
    await field.scrollIntoViewIfNeeded();
    await shot(page, 'files-organization-image-form-dark', { fullPage: false });

    // a visitor: the page shows the variant with its width and height, named by the organization
    const visitor = await openPage();
    await visitor.page.goto(`/organizations/${id}`);
    const picture = visitor.page.getByRole('main').getByRole('img', { name });
    await picture.waitFor();
    expect(await picture.getAttribute('width')).toBe('800');
    expect(await picture.getAttribute('height')).toBe('400');
    expect(await picture.getAttribute('src')).toMatch(
      /^\/api\/v1\/services\/files\/[^/]+\/content\/[0-9a-f]{64}\.webp$/,
    );
    await expect.poll(() => loadedWidth(visitor.page, picture)).toBe(800);
    await expect.poll(() => visitor.page.getByRole('progressbar').count()).toBe(0);
    await checkA11y(visitor.page, 'organization page with its image (light)');
    await shot(visitor.page, 'files-organization-page-light');
    await switchTheme(visitor.page, 'dark');
    expect(await picture.getAttribute('width')).toBe('800');
    await checkA11y(visitor.page, 'organization page with its image (dark)');
    await shot(visitor.page, 'files-organization-page-dark');
  }, 240_000);

  test('an administrator adds two images at once to a rental model by keyboard, each uploaded with its progress, listed, one removed; axe in both themes', async () => {
    const suffix = randomBytes(3).toString('hex');
    const name = `E2E Folding ramp ${suffix}`;
    const wide = `ramp-side-${suffix}.png`;
    const tall = `ramp-end-${suffix}.png`;
    const files = [await pngFile(wide, 900, 600), await pngFile(tall, 600, 900)];
    const { page } = await openPage();
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await signIn(page, 'admin@demo.example');
    const created = await api(page, 'POST', '/rental-models', {
      data: { type: 'rental-models', attributes: { name, rentingPrice: 300 } },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.data.id);
    await page.goto(`/admin/resources/rental-models/update/${id}?minPosition=${created.body.meta.position}`);
    await page.getByRole('heading', { level: 1, name: `Rental models: edit “${name}”` }).waitFor();

    const field = page.getByRole('group', { name: 'Images' });
    const choose = field.getByRole('button', { name: 'Choose files' });
    await field.getByText('No file yet.').waitFor();
    await choose.focus();
    expect(await isFocused(choose)).toBe(true);
    // the first upload waits at the gate until its progress bar has been seen
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let sent = 0;
    await page.route('**/api/v1/services/files', async (route) => {
      if (++sent === 1) await gate;
      await route.continue();
    });
    await page.keyboard.press('Enter');
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(true);
    await picked.setFiles(files);
    await page.getByRole('progressbar', { name: `Uploading ${wide}` }).waitFor();
    open();

    const list = field.getByRole('list', { name: 'Images' });
    const widePreview = list.getByRole('img', { name: `Preview of ${wide}` });
    const tallPreview = list.getByRole('img', { name: `Preview of ${tall}` });
    await widePreview.waitFor();
    await tallPreview.waitFor();
    await expect.poll(() => field.getByRole('progressbar').count()).toBe(0);
    expect(sent).toBe(2);
    // each preview at its own size: at most 800 px wide, never enlarged
    expect([await widePreview.getAttribute('width'), await widePreview.getAttribute('height')]).toEqual([
      '800',
      '533',
    ]);
    expect([await tallPreview.getAttribute('width'), await tallPreview.getAttribute('height')]).toEqual([
      '600',
      '900',
    ]);
    // loaded, not broken: each asked for once the read side holds its upload
    await expect.poll(() => loadedWidth(page, widePreview)).toBe(800);
    await expect.poll(() => loadedWidth(page, tallPreview)).toBe(600);
    await page.unroute('**/api/v1/services/files');
    await checkA11y(page, 'rental model form with two uploaded images (light)');
    await switchTheme(page, 'dark');
    await checkA11y(page, 'rental model form with two uploaded images (dark)');
    await field.scrollIntoViewIfNeeded();
    await shot(page, 'files-rental-model-images-dark', { fullPage: false });

    // removed by keyboard: the other stays
    const remove = field.getByRole('button', { name: `Remove ${wide}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => widePreview.count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/rental-models/show/**');
    const position = new URL(page.url()).searchParams.get('minPosition');
    const saved = (await api(page, 'GET', `/rental-models/${id}?include=images&minPosition=${position}`))
      .body as unknown as {
      data: { relationships: { images: { data: Array<{ id: string }> } } };
      included: Array<{ attributes: { name: string } }>;
    };
    expect(saved.data.relationships.images.data).toHaveLength(1);
    expect(saved.included.map((f) => f.attributes.name)).toEqual([tall]);
  }, 240_000);

  test('an administrator keeps a guide in a file container by keyboard: its path is made from the container’s, listed with it, and served there; axe in both themes', async () => {
    const suffix = randomBytes(3).toString('hex');
    const containerPath = `e2e/guides-${suffix}`;
    const pdfName = `Access guide ${suffix}.pdf`;
    const pdf = join(folder, pdfName);
    writeFileSync(pdf, `%PDF-1.4\n% ${suffix}\ntrailer << >>\n%%EOF\n`);
    const { page } = await openPage();
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await signIn(page, 'admin@demo.example');
    const container = await api(page, 'POST', '/file-containers', {
      data: { type: 'file-containers', attributes: { name: `Guides ${suffix}`, path: containerPath } },
    });
    expect(container.status).toBe(201);
    await api(
      page,
      'GET',
      `/file-containers/${container.body.data.id}?minPosition=${container.body.meta.position}`,
    );

    await page.goto('/admin/resources/admin-files/create');
    await page.getByRole('heading', { level: 1, name: 'Admin files: new record' }).waitFor();
    // the path is the platform's: no field for it
    expect(await page.getByLabel(/^Path/).count()).toBe(0);
    const field = page.getByRole('group', { name: 'File' });
    const choose = field.getByRole('button', { name: 'Choose a file' });
    await choose.focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(pdf);
    await field.getByText(pdfName).waitFor();
    await expect.poll(() => field.getByRole('progressbar').count()).toBe(0);

    // the container, picked by keyboard from its path
    const picker = page.getByRole('combobox', { name: 'File container' });
    await picker.focus();
    await page.keyboard.type(`guides-${suffix}`);
    const wanted = page.getByRole('listbox').getByRole('option', { name: containerPath });
    await wanted.waitFor();
    const activeIsWanted = async () => {
      const active = await picker.getAttribute('aria-activedescendant');
      return active !== null && (await wanted.getAttribute('id')) === active;
    };
    for (let presses = 0; !(await activeIsWanted()); presses++) {
      expect(presses, 'the container is reached with the arrow keys').toBeLessThan(20);
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe(containerPath);
    await checkA11y(page, 'admin file form with its file and container (light)');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/admin-files/show/**');
    const path = `${containerPath}/access-guide-${suffix}.pdf`;
    await page.getByRole('heading', { level: 1, name: `Admin files: “${path}”` }).waitFor();
    await checkA11y(page, 'admin file (light)');
    await switchTheme(page, 'dark');
    await checkA11y(page, 'admin file (dark)');
    await shot(page, 'files-admin-file-show-dark');

    // listed with its container's path
    await page.goto(`/admin/resources/admin-files/index?search=${suffix}`);
    const row = page.getByRole('row', {
      name: new RegExp(path.replaceAll('/', '\\/').replaceAll('.', '\\.')),
    });
    await row.getByRole('cell', { name: containerPath, exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Document', exact: true }).waitFor();
    await checkA11y(page, 'admin files list (dark)');

    // served at its path to a visitor
    const served = await fetch(`${baseUrl()}/api/v1/services/admin-files/${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).toString('utf8')).toContain(suffix);
  }, 240_000);

  test('an SVG carrying script, uploaded and opened by its URL, runs no script in the platform’s origin', async () => {
    const suffix = randomBytes(4).toString('hex');
    const beacon = (how: string) => `/svg-ran-${how}-${suffix}`;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="fetch('${beacon('onload')}')">` +
      `<script>localStorage.setItem('svg-ran', '${suffix}'); fetch('${beacon('script')}');</script>` +
      `<rect width="40" height="40" fill="teal"/></svg>`;
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');
    const answer = await page.request.post(`${baseUrl()}/api/v1/services/files`, {
      headers: HEADERS,
      multipart: { file: { name: 'badge.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) } },
    });
    expect(answer.status()).toBe(201);
    const uploaded = (await answer.json()) as {
      data: { id: string; attributes: { url: string } };
      meta: { position: string };
    };
    const { url } = uploaded.data.attributes;
    // served once the files projection holds the record
    const read = await api(page, 'GET', `/files/${uploaded.data.id}?minPosition=${uploaded.meta.position}`);
    expect(read.status).toBe(200);

    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`-${suffix}`)) seen.push(new URL(request.url()).pathname);
    });
    const served = await page.goto(url);
    expect(served?.status()).toBe(200);
    expect(served?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served?.headers()['content-security-policy']).toMatch(/sandbox/);
    expect(await served?.text()).not.toMatch(/<script|onload/i);
    const afterServed = [...seen];

    // the same markup served without the platform's care does run: what this test looks for is what script does
    await page.route(`**/svg-control-${suffix}.svg`, (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg }),
    );
    const ran = page.waitForRequest((request) => request.url().includes(beacon('script')));
    await page.goto(`/svg-control-${suffix}.svg`);
    await ran;

    expect(afterServed).toEqual([]);
    // the control's script wrote to the platform's storage; the served file's, opened again, does not
    await page.goto('/');
    expect(await page.evaluate(() => localStorage.getItem('svg-ran'))).toBe(suffix);
    await page.evaluate(() => localStorage.removeItem('svg-ran'));
    seen.length = 0;
    await page.goto(url);
    await page.goto('/');
    expect(await page.evaluate(() => localStorage.getItem('svg-ran'))).toBeNull();
    expect(seen).toEqual([]);
  }, 120_000);
});
