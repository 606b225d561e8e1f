import { randomUUID } from 'node:crypto';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { signIn } from './support/demo.ts';
import { isFocused } from './support/focus.ts';

/** A call of the API with the machine credential (the admin viewer): this run's own records. */
async function asMachine(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  expect(answer.status, text).toBeLessThan(300);
  return JSON.parse(text) as {
    data: { id: string } | Array<{ id: string }>;
    meta: { position?: string };
  };
}

describe('the reports queue', () => {
  test('a member reports a comment; an administrator removes it from the report’s screen by keyboard; readers no longer see it', async () => {
    const title = `Switch mounts ${randomUUID().slice(0, 6)}`;
    const spam = `Cheap switches at spam-${randomUUID().slice(0, 6)}.example`;
    const post = await asMachine('POST', '/blog-posts', {
      data: {
        type: 'blog-posts',
        attributes: {
          title,
          content: '<p>Three ways to mount a switch.</p>',
          publishedAt: '2020-01-01T00:00:00Z',
        },
      },
    });
    const postId = (post.data as { id: string }).id;
    const comment = await asMachine('POST', '/comments', {
      data: {
        type: 'comments',
        attributes: { content: spam },
        relationships: { commentable: { data: { type: 'blog-posts', id: postId } } },
      },
    });
    const commentId = (comment.data as { id: string }).id;

    // a member reports the comment from the post's page
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    await page.goto(`/blog/${postId}?minPosition=${comment.meta.position}`);
    await page.getByText(spam).waitFor();
    await page.getByRole('button', { name: /^Report the comment of / }).click();
    const reportDialog = page.getByRole('dialog', { name: /^Report the comment of / });
    await reportDialog.waitFor();
    await reportDialog.getByText('Spam or advertising').click();
    await reportDialog.getByRole('button', { name: 'Send the report' }).click();
    await page.getByText('Thank you: the moderators will read your report.').first().waitFor();

    // the administrator opens the report in the back office
    let reportId = '';
    await expect
      .poll(async () => {
        const list = await asMachine('GET', `/reports?filter[reportable]=comments:${commentId}`);
        reportId = (list.data as Array<{ id: string }>)[0]?.id ?? '';
        return reportId;
      })
      .not.toBe('');
    await page.context().clearCookies();
    await signIn(page, 'admin@demo.example');
    await page.goto(`/admin/resources/reports/show/${reportId}`);
    const remove = page.getByRole('button', { name: 'Remove the reported item' });
    await remove.waitFor();
    await checkA11yInBothThemes(page, 'a report in the back office', 'moderation-report');

    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Remove “/ });
    await dialog.waitFor();
    const note = dialog.getByLabel(/Note/);
    await expect.poll(() => isFocused(note)).toBe(true);
    await page.keyboard.type('Advertising');
    await checkA11yInBothThemes(page, 'the removal dialog', 'moderation-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/was removed\.$/)
      .first()
      .waitFor();
    await expect.poll(() => remove.count()).toBe(0);
    await expect
      .poll(() => isFocused(page.getByRole('heading', { level: 2, name: 'Moderation' })))
      .toBe(true);

    // a reader of the post no longer sees the comment
    await page.context().clearCookies();
    await page.goto(`/blog/${postId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { name: '0 comments' }).waitFor();
    expect(await page.getByText(spam).count()).toBe(0);
  });
});
