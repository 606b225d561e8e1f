import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openContext, openPage, pageOfTest } from './support/browser.ts';
import { signIn } from './support/demo.ts';
import { isFocused } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

const JSON_API = {
  Accept: 'application/vnd.api+json',
  'X-Requested-With': 'XMLHttpRequest',
};

/** A call with the machine credential (the admin viewer), as an administrator's script would make it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function asAdmin(path: string, body: unknown): Promise<any> {
  const answer = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: 'POST',
    headers: {
      ...JSON_API,
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
      'Content-Type': 'application/vnd.api+json',
    },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  expect(answer.status, `POST ${path}: ${text}`).toBe(201);
  return JSON.parse(text);
}

/** The record's id and the write's position. */
async function created(type: string, attributes: object, relationships: object = {}) {
  const data = Object.keys(relationships).length ? { type, attributes, relationships } : { type, attributes };
  const answer = await asAdmin(`/${type}`, { data });
  return { id: answer.data.id as string, position: answer.meta.position as string };
}
const one = (type: string, id: string) => ({ data: { type, id } });

/** The id of the published page at a path, once the router's read model has it. */
async function pageIdAt(path: string): Promise<string | null> {
  const url = new URL('/api/v1/services/routes/resolve', baseUrl());
  url.searchParams.set('path', path);
  const response = await fetch(url, { headers: { Accept: 'application/vnd.api+json' } });
  if (response.status !== 200) return null;
  const body = (await response.json()) as { data: { kind: string; page?: { id: string } } };
  return body.data.page?.id ?? null;
}

/**
 * This run's own forum: a page with the forum component at a path of its own, a category, a subject with a first
 * message, and a subject limited to administrators.
 */
async function createForum(run: string) {
  const path = `/forum-${run}`;
  const { id: pageId } = await created('app-pages', {
    path,
    title: `Forum ${run}`,
    description: 'The forum',
  });
  await created(
    'app-page-components',
    { name: 'forum', position: 0, props: { title: 'Forum' } },
    { page: one('app-pages', pageId) },
  );
  const category = (await created('forum-categories', { name: `Switches ${run}` })).id;
  const subjectTitle = `Which switch for a weak press? ${run}`;
  const subject = (
    await created('forum-subjects', { title: subjectTitle }, { category: one('forum-categories', category) })
  ).id;
  const limited = (
    await created(
      'forum-subjects',
      { title: `Announcements ${run}`, limitToAdmin: true },
      { category: one('forum-categories', category) },
    )
  ).id;
  const question = await created(
    'forum-subject-messages',
    { content: `<p>Question ${run}: which switch?</p>` },
    { subject: one('forum-subjects', subject) },
  );
  // the forum's read models have it all (the last write), and the router has the page
  const read = await fetch(
    `${baseUrl()}/api/v1/forum-subjects/${subject}?minPosition=${encodeURIComponent(question.position)}`,
    { headers: JSON_API },
  );
  expect(read.status, await read.text()).toBe(200);
  await expect.poll(() => pageIdAt(path), { timeout: 30_000 }).toBe(pageId);
  return { path, subject, subjectTitle, question: question.id, limited, category };
}

/** A JSON:API read as the signed-in member, at least at a write's position. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function readAs(page: Page, path: string, minPosition: string): Promise<any> {
  const answer = await page.request.get(
    `${baseUrl()}/api/v1${path}${path.includes('?') ? '&' : '?'}minPosition=${encodeURIComponent(minPosition)}`,
    { headers: JSON_API },
  );
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

async function expectReflows(page: Page, label: string) {
  const report = await measureReflow(page);
  expect({ label, ...report }).toEqual({
    label,
    overflow: expect.any(Number),
    clipped: [],
    outside: [],
    widest: [],
  });
  expect(report.overflow, label).toBeLessThanOrEqual(0);
}

describe('the forum: a member replies and likes', () => {
  test(
    'a member opens a subject from the forum, replies to a message and likes it by keyboard; axe passes',
    { timeout: 240_000 },
    async () => {
      const run = randomUUID().slice(0, 8);
      const forum = await createForum(run);
      const { page } = await openPage();
      await signIn(page, 'member2@demo.example');

      // the forum's list: this run's category, and the subject in it
      await page.goto(forum.path);
      const categories = page.getByRole('navigation', { name: 'Forum categories' });
      await categories.getByRole('link', { name: new RegExp(`^Switches ${run}`) }).click();
      const subjects = page.getByRole('list', { name: 'Forum subjects' });
      const link = subjects.getByRole('link', { name: forum.subjectTitle });
      await link.waitFor();
      await checkA11yInBothThemes(page, 'forum list', 'forum-list');
      await link.focus();
      await page.keyboard.press('Enter');

      // the subject
      await page.waitForURL(`**${forum.path}/${forum.subject}`);
      await page.getByRole('heading', { level: 1, name: forum.subjectTitle }).waitFor();
      const question = page.getByRole('listitem').filter({ hasText: `Question ${run}: which switch?` });
      await question.waitFor();
      await checkA11yInBothThemes(page, 'forum subject', 'forum-subject');

      // the reply, by keyboard: its button, the text (the field takes the focus), then Send
      const reply = question.getByRole('button', { name: /^Reply to / });
      await reply.focus();
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: /^Your reply to / });
      await field.waitFor();
      expect(await isFocused(field)).toBe(true);
      await page.keyboard.type(`A big jelly switch works for me. ${run}`);
      const send = page.getByRole('button', { name: 'Send the reply' });
      const written = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/forum-subject-messages',
      );
      await send.focus();
      await page.keyboard.press('Enter');
      const answer = await written;
      expect(answer.status(), await answer.text()).toBe(201);
      const { data, meta } = (await answer.json()) as { data: { id: string }; meta: { position: string } };
      // shown nested under the question, and focused
      const replies = question.getByRole('list', { name: /^Replies to / });
      await replies.getByText(`A big jelly switch works for me. ${run}`).waitFor();
      await expect.poll(() => isFocused(replies.getByRole('heading', { level: 3 }).first())).toBe(true);
      const stored = await readAs(page, `/forum-subject-messages/${data.id}`, meta.position);
      expect(stored.data.relationships.parentMessage.data).toEqual({
        type: 'forum-subject-messages',
        id: forum.question,
      });
      expect(stored.data.attributes.content).toBe(`<p>A big jelly switch works for me. ${run}</p>`);

      // the like of the question, by keyboard: pressed, and counted
      const like = question.getByRole('button', { name: /^Like the message of / }).first();
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      const liked = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${forum.question}/like`),
      );
      await like.focus();
      await page.keyboard.press('Space');
      const likeAnswer = await liked;
      expect(likeAnswer.status(), await likeAnswer.text()).toBe(200);
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await question.getByText('1 like', { exact: true }).first().waitFor();
      const position = ((await likeAnswer.json()) as { meta: { position: string } }).meta.position;
      const read = await readAs(page, `/forum-subject-messages/${forum.question}`, position);
      expect(read.data.attributes).toMatchObject({ likesCount: 1, likedByViewer: true });
      await checkA11yInBothThemes(page, 'forum subject after the reply', 'forum-subject-replied');

      // a subject limited to administrators refuses the member's message, with the server's reason
      await page.goto(`${forum.path}/${forum.limited}`);
      await page.getByRole('heading', { level: 1, name: `Announcements ${run}` }).waitFor();
      await page.getByRole('textbox', { name: 'Your message' }).fill('May I write here?');
      await page.getByRole('button', { name: 'Send the message' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Only administrators may write in this subject.' })
        .waitFor();
    },
  );

  test(
    'the forum and a subject reflow at 320 px and with the largest text',
    { timeout: 180_000 },
    async () => {
      const run = randomUUID().slice(0, 8);
      const forum = await createForum(run);
      for (const [name, viewport, text] of [
        ['320', { width: 320, height: 640 }, null],
        ['375-largest', { width: 375, height: 740 }, LARGEST_TEXT],
      ] as const) {
        const { context } = await openContext({ viewport });
        if (text) await storeAccessibility(context, text);
        const page = await pageOfTest(context, true);
        await page.goto(`${forum.path}?category=${forum.category}`);
        await page
          .getByRole('list', { name: 'Forum subjects' })
          .getByRole('link', { name: forum.subjectTitle })
          .waitFor();
        await expectReflows(page, `forum list ${name}`);
        await page.goto(`${forum.path}/${forum.subject}`);
        await page.getByText(`Question ${run}: which switch?`).waitFor();
        await expectReflows(page, `forum subject ${name}`);
      }
    },
  );
});
