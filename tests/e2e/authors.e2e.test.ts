import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

const JSON_API = 'application/vnd.api+json';

/** No sideways scrolling at this width: nothing past the viewport's right edge. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 700 });
  await expect
    .poll(async () => (await measureReflow(page)).overflow, { timeout: 5000 })
    .toBeLessThanOrEqual(0);
  const reflow = await measureReflow(page);
  expect(reflow.outside, reflow.outside.join('\n')).toEqual([]);
}

/** Publishes a record now with the machine credential (a publisher), answering the write's position. */
async function publish(type: string, id: string): Promise<string> {
  const answer = await fetch(`${baseUrl()}/api/v1/${type}/${id}`, {
    method: 'PATCH',
    headers: {
      Accept: JSON_API,
      'Content-Type': JSON_API,
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
    },
    body: JSON.stringify({ data: { type, id, attributes: { publishedAt: '2021-06-01T08:00:00Z' } } }),
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return (JSON.parse(text) as { meta: { position: string } }).meta.position;
}

describe("authors' public pages", () => {
  test("a member's page lists what they published, each linking to its page, whose byline leads back", async () => {
    const title = `Mounting a big switch ${randomUUID().slice(0, 6)}`;
    // the member writes a blog post of this run's own; a publisher publishes it
    const writer = await openPage();
    await signIn(writer.page, 'contributor@demo.example');
    const me = await writer.page.request.get(`${baseUrl()}/api/v1/users/me`, {
      headers: { Accept: JSON_API, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const member = (await me.json()) as {
      data: { id: string; attributes: { firstName: string; lastName: string } };
    };
    const name = `${member.data.attributes.firstName} ${member.data.attributes.lastName}`;
    const written = await writer.page.request.post(`${baseUrl()}/api/v1/blog-posts`, {
      headers: { Accept: JSON_API, 'Content-Type': JSON_API, 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        data: { type: 'blog-posts', attributes: { title, content: '<p>Velcro, a hinge and patience.</p>' } },
      },
    });
    expect(written.status(), await written.text()).toBe(201);
    const post = (await written.json()) as { data: { id: string } };
    const position = await publish('blog-posts', post.data.id);
    // the read models have the publication before the visitor comes (read-your-writes through minPosition)
    const seen = await fetch(`${baseUrl()}/api/v1/blog-posts/${post.data.id}?minPosition=${position}`, {
      headers: { Accept: JSON_API },
    });
    expect(seen.status).toBe(200);
    // its slug, made from its title
    const { slug } = ((await seen.json()) as { data: { attributes: { slug: string } } }).data.attributes;

    // a visitor, signed out, reads the member's page
    const { page } = await openPage();
    await page.goto(`/users/${member.data.id}/profile`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const published = page.getByRole('region', { name: 'Published' });
    const posts = published.getByRole('region', { name: /^Blog posts \(\d+\)$/ });
    const link = posts.getByRole('link', { name: title });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/blog/${slug}`);
    // nothing of the member's account is shown
    expect(await page.getByText('contributor@demo.example').count()).toBe(0);
    expect(await page.title()).toMatch(new RegExp(`^${name} \\|`));
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await checkA11yInBothThemes(page, 'member public page', 'member-profile');
    await expectNoSidewaysScroll(page, 320);
    await shot(page, 'member-profile-320');

    // and with the largest text settings on a phone
    const large = await openPage();
    await storeAccessibility(large.context, LARGEST_TEXT);
    await large.page.goto(`/users/${member.data.id}/profile`);
    await large.page.getByRole('link', { name: title }).waitFor();
    await expectNoSidewaysScroll(large.page, 375);
    await shot(large.page, 'member-profile-375-largest');

    // the item's page names its author, whose name leads back to the member's page
    await page.setViewportSize({ width: 1280, height: 800 });
    await link.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const byline = page.getByRole('link', { name, exact: true });
    expect(await byline.getAttribute('href')).toBe(`/users/${member.data.id}/profile`);
    await byline.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  }, 240_000);

  test("an organization's page lists what it published, in both themes, at 320 px and with the largest text", async () => {
    const { page } = await openPage();
    await page.goto('/organizations/demo-fab-lab');
    await page.getByRole('heading', { level: 1, name: 'Demo Fab Lab' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Published' }).waitFor();
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await checkA11yInBothThemes(page, 'organization page with its publications', 'organization-published');
    await expectNoSidewaysScroll(page, 320);
    await shot(page, 'organization-published-320');
    const large = await openPage();
    await storeAccessibility(large.context, LARGEST_TEXT);
    await large.page.goto('/organizations/demo-fab-lab');
    await large.page.getByRole('heading', { level: 2, name: 'Published' }).waitFor();
    await expect.poll(() => large.page.getByRole('progressbar').count()).toBe(0);
    await expectNoSidewaysScroll(large.page, 375);
    await shot(large.page, 'organization-published-375-largest');

    // the repository, filtered by the organization (seed 001 §2: the public organization page's repository link)
    const repository = page.getByRole('link', { name: "All of this organization's items in the repository" });
    expect(await repository.getAttribute('href')).toMatch(/\?organization=[0-9a-f-]{36}$/);
    const first = await page
      .getByRole('region', { name: /^Repository items \(\d+\)$/ })
      .getByRole('link')
      .first()
      .innerText();
    await repository.click();
    await page.getByRole('list', { name: 'Repository items' }).getByRole('link', { name: first }).waitFor();
  }, 120_000);

  test('a member nobody knows is the not-found screen', async () => {
    const { page } = await openPage();
    await page.goto(`/users/${randomUUID()}/profile`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.waitForURL('**/errors/not-found');
  }, 60_000);
});
