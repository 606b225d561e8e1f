import { randomUUID } from 'node:crypto';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { signIn } from './support/demo.ts';
import { isFocused } from './support/focus.ts';

/** A published blog post of this run's own, written with the machine credential (the admin viewer). */
async function blogPost(title: string): Promise<{ id: string; position: string }> {
  const answer = await fetch(`${baseUrl()}/api/v1/blog-posts`, {
    method: 'POST',
    headers: {
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
    },
    body: JSON.stringify({
      data: {
        type: 'blog-posts',
        attributes: {
          title,
          content: '<p>How a switch adapter is made, step by step.</p>',
          publishedAt: '2020-01-01T00:00:00Z',
        },
      },
    }),
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  const body = JSON.parse(text) as { data: { id: string }; meta: { position: string } };
  return { id: body.data.id, position: body.meta.position };
}

describe('likes and comments on a blog post', () => {
  test('a member likes a post and comments on it from the keyboard; axe passes in both themes', async () => {
    const title = `Making a switch adapter ${randomUUID().slice(0, 6)}`;
    const post = await blogPost(title);
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    // the demo's blog page shows a post at {path}/{id}
    await page.goto(`/blog/${post.id}?minPosition=${post.position}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { name: '0 comments' }).waitFor();

    const like = page.getByRole('button', { name: `Like “${title}”` });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('1 like', { exact: true }).waitFor();

    const field = page.getByLabel('Your comment');
    await field.focus();
    await page.keyboard.type('The jack socket needs a little glue.');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: 'Send the comment' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '1 comment' }).waitFor();
    await page.getByText('The jack socket needs a little glue.').waitFor();
    await checkA11yInBothThemes(page, 'a blog post with a comment', 'community-blog-post-commented');

    // the member edits the comment, then deletes it after the confirmation, from the keyboard
    const edit = page.getByRole('button', { name: /^Edit the comment of / });
    await edit.focus();
    await page.keyboard.press('Enter');
    const edited = page.getByLabel('Your comment, edited');
    await expect.poll(() => isFocused(edited)).toBe(true);
    expect(await edited.inputValue()).toBe('The jack socket needs a little glue.');
    await page.keyboard.press('End');
    await page.keyboard.type(' Hot glue holds best.');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: 'Save the comment' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('The jack socket needs a little glue. Hot glue holds best.').waitFor();
    await checkA11yInBothThemes(page, 'a blog post with an edited comment', 'community-comment-edited');

    const remove = page.getByRole('button', { name: /^Delete the comment of / });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: /^Delete the comment of / });
    await dialog.waitFor();
    await checkA11yInBothThemes(page, 'the comment deletion dialog', 'community-comment-delete-dialog');
    await dialog.getByRole('button', { name: 'Yes, delete it' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '0 comments' }).waitFor();
    await page.getByText('The comment was deleted.').first().waitFor();
    expect(await page.getByText('Hot glue holds best.').count()).toBe(0);
  });
});
