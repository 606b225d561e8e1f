import { randomUUID } from 'node:crypto';
import { describe, expect, inject, test } from 'vitest';
import {
  DEMO_TRAINING_REQUESTS_PATH,
  DEMO_TRAINING_RESOURCES_PATH,
  DEMO_TRAININGS_PATH,
} from '@platform/host/seed/demo-content';
import { demoTraining, demoTrainingResources } from '@platform/host/seed/demo-trainings';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openContext, openPage, pageOfTest } from './support/browser.ts';
import { signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

const MEMBER = 'member2@demo.example';

/** A write with the machine credential (an administrator's), answering the record's id and the write's position. */
async function adminCreate(
  type: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
): Promise<{ id: string; position: string }> {
  const answer = await fetch(`${baseUrl()}/api/v1/${type}`, {
    method: 'POST',
    headers: {
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
    },
    body: JSON.stringify({ data: { type, attributes, relationships } }),
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  const body = JSON.parse(text) as { data: { id: string }; meta: { position: string } };
  return { id: body.data.id, position: body.meta.position };
}

/** Waits until the read side has what the writes up to `position` did (the readers' pages read without it). */
async function readAt(path: string, position: string): Promise<unknown> {
  const answer = await fetch(
    `${baseUrl()}/api/v1${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`,
    {
      headers: { Accept: 'application/vnd.api+json' },
    },
  );
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return JSON.parse(text);
}

/** A theme of this run's own with one published resource in it, already reviewed once (5 stars). */
async function reviewedResource() {
  const run = randomUUID().slice(0, 6);
  const theme = await adminCreate('training-resource-themes', { name: `Head pointers ${run}` });
  const resource = await adminCreate(
    'training-resources',
    {
      title: `Head pointer basics ${run}`,
      description: '<p>How to fit a head pointer and practise with it.</p>',
      licenseId: 'CC-BY-4.0',
      originalAuthors: 'A therapists’ team',
      publishedAt: '2020-01-01T00:00:00Z',
    },
    { themes: { data: [{ type: 'training-resource-themes', id: theme.id }] } },
  );
  const review = await adminCreate(
    'training-resource-reviews',
    { objective: 'personal', reviewRating: 5, reviewComment: 'Simple and clear.' },
    { resource: { data: { type: 'training-resources', id: resource.id } } },
  );
  await readAt(`/training-resources/${resource.id}`, review.position);
  await readAt('/training-resource-themes?page[size]=100', review.position);
  return { run, theme: `Head pointers ${run}`, title: `Head pointer basics ${run}`, id: resource.id };
}

describe('training resources, end to end', () => {
  test('a member finds a resource by its theme, reviews it with the keyboard only and sees the average change; axe in both themes', async () => {
    const resource = await reviewedResource();
    const { page } = await openPage();
    await signIn(page, MEMBER);
    await page.goto(DEMO_TRAINING_RESOURCES_PATH);
    await page.getByRole('heading', { level: 1, name: 'Training resources' }).waitFor();
    await page.getByRole('list', { name: 'Training resources' }).waitFor();

    // the theme filter, from the keyboard: open it, type the theme's name, choose it
    const themeButton = page.getByRole('button', { name: /\bTheme\b/ });
    await tabTo(page, themeButton, 60);
    await page.keyboard.press('Enter');
    const option = page.getByRole('option', { name: `${resource.theme} (1)` });
    await page.getByRole('listbox').waitFor();
    await page.keyboard.type(resource.theme);
    await expect.poll(() => isFocused(option)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('theme'));
    const list = page.getByRole('list', { name: 'Training resources' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByText('5 out of 5').waitFor();
    await checkA11yInBothThemes(page, 'the training resources filtered by a theme', 'trainings-list');

    const link = list.getByRole('link', { name: resource.title });
    await tabTo(page, link, 20);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: resource.title }).waitFor();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('5 out of 5 · 1 review').waitFor();

    // the review, keyboard only: a project for 8 people, 3 stars, a comment
    const form = page.getByRole('form', { name: `Your review of ${resource.title}` });
    const objectives = form.getByRole('radiogroup', { name: 'What did you use it for?' });
    await tabTo(page, objectives.getByRole('radio', { name: 'Personal use' }), 40);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => objectives.getByRole('radio', { name: 'A project' }).isChecked()).toBe(true);
    const recipients = form.getByRole('textbox', { name: /Number of people it served/ });
    await tabTo(page, recipients, 3);
    await page.keyboard.type('8');
    const ratings = form.getByRole('radiogroup', { name: 'Your rating' });
    await tabTo(page, ratings.getByRole('radio', { name: '1 star' }), 3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => ratings.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await tabTo(page, form.getByRole('textbox', { name: 'Your comment (optional)' }), 3);
    await page.keyboard.type('We used it with the eight pupils of a class.');
    const send = form.getByRole('button', { name: 'Send my review' });
    await tabTo(page, send, 3);
    await page.keyboard.press('Enter');

    await form.getByText('Thank you: your review is published.').waitFor();
    await reviews.getByText('4 out of 5 · 2 reviews').waitFor();
    await reviews.getByText('We used it with the eight pupils of a class.').waitFor();
    expect(await reviews.getByText('Used for: A project · 8 people served').count()).toBe(1);
    await checkA11yInBothThemes(page, 'a training resource with the member’s review', 'trainings-resource');
  }, 240_000);

  test('a review for another objective without its recipients is stopped on that field, which takes the focus', async () => {
    const resource = await reviewedResource();
    const { page } = await openPage();
    await signIn(page, MEMBER);
    await page.goto(`${DEMO_TRAINING_RESOURCES_PATH}/${resource.id}`);
    const form = page.getByRole('form', { name: `Your review of ${resource.title}` });
    // the radios' inputs are hidden behind their drawn circles: a pointer presses the label
    await form.getByText('Another objective', { exact: true }).click();
    await form.getByText('2 stars', { exact: true }).click();
    await form.getByRole('button', { name: 'Send my review' }).click();
    const recipients = form.getByRole('textbox', { name: /Number of people it served/ });
    await form.getByText('Say how many people it served (1 or more).').waitFor();
    await expect.poll(() => isFocused(recipients), { message: 'the focus' }).toBe(true);
    expect(await page.getByRole('region', { name: 'Reviews' }).getByText('1 review').count()).toBe(1);
  }, 120_000);
});

describe('the trainings’ screens at 320 px with the largest text settings', () => {
  test('the resources, a resource with its review form, the requests with their form and a training reflow in both themes, and pass axe', async () => {
    const { context } = await openContext({ viewport: { width: 320, height: 800 } });
    await storeAccessibility(context, LARGEST_TEXT);
    const page = await pageOfTest(context, true);
    await signIn(page, MEMBER);
    const reflows = async (label: string) =>
      inBothThemes(
        page,
        async (theme) => {
          const report = await measureReflow(page);
          expect(report, `${label} (${theme}): ${JSON.stringify(report)}`).toMatchObject({
            clipped: [],
            outside: [],
          });
          expect(report.overflow, `${label} (${theme})`).toBeLessThanOrEqual(0);
        },
        { restore: true },
      );

    await page.goto(DEMO_TRAINING_RESOURCES_PATH);
    const list = page.getByRole('list', { name: 'Training resources' });
    await list.getByRole('link', { name: demoTrainingResources[0]!.title }).waitFor();
    await reflows('the training resources');

    await list.getByRole('link', { name: demoTrainingResources[0]!.title }).click();
    await page.getByRole('heading', { level: 1, name: demoTrainingResources[0]!.title }).waitFor();
    const form = page.getByRole('form', { name: /^Your review of / });
    await form.getByText('An integration', { exact: true }).click();
    await form.getByRole('textbox', { name: /Number of people it served/ }).waitFor();
    await reflows('a training resource with its review form');
    await checkA11yInBothThemes(
      page,
      'a training resource at 320 px, the largest text',
      'trainings-resource-320',
    );

    await page.goto(DEMO_TRAINING_REQUESTS_PATH);
    await page.getByRole('list', { name: 'Requests for training resources' }).waitFor();
    await page.getByRole('button', { name: 'Ask for a resource' }).click();
    await page.getByRole('form', { name: 'Ask for a resource' }).waitFor();
    await reflows('the requests with the request form');
    await checkA11yInBothThemes(
      page,
      'the request form at 320 px, the largest text',
      'trainings-requests-320',
    );
    await page
      .getByRole('list', { name: 'Requests for training resources' })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { name: 'Resources it would extend' }).waitFor();
    await reflows('a request');

    await page.goto(DEMO_TRAININGS_PATH);
    await page.getByRole('link', { name: demoTraining.title }).click();
    await page.getByRole('list', { name: `Sessions of ${demoTraining.title}` }).waitFor();
    await reflows('a training with its sessions');
    await checkA11yInBothThemes(page, 'a training at 320 px, the largest text', 'trainings-training-320');
  }, 300_000);
});
