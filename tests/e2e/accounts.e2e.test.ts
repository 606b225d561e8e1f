import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { checkA11y, checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn as signInThroughApi } from './support/demo.ts';

const DEMO_PASSWORD = 'demo-password-2025';

/** The newest message sent to `to`, read from the dev mailbox with the machine credential. */
async function lastMailTo(to: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${baseUrl()}/api/v1/dev/mailbox?filter[to]=${encodeURIComponent(to)}`, {
      headers: { Authorization: `Bearer ${inject('e2eAdminToken')}` },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { attributes: { subject: string; text: string } }[] };
    if (body.data[0]) return body.data[0].attributes;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The path and query of the first link of a mail that matches `pattern` (the host is the configured one). */
function linkIn(text: string, pattern: RegExp): string {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => pattern.test(u));
  if (!url) throw new Error(`no link matching ${pattern} in:\n${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * Signs in through the form and waits for the server's answer: the typed values are checked before the
 * submit, and the request is waited for apart from its answer, so a failure says whether the form lost the
 * values, never sent them (what the form showed), or the server answered otherwise (its status). The answer
 * itself is waited for as long as the test may run: a loaded machine can be slow to hash a password.
 */
async function signIn(page: Page, email: string, password: string, status = 200) {
  await page.goto('/auth/sign-in');
  const emailField = page.getByLabel('E-mail address');
  const passwordField = page.getByLabel('Password', { exact: true });
  await emailField.fill(email);
  await passwordField.fill(password);
  await expect.poll(() => emailField.inputValue()).toBe(email);
  await expect.poll(() => passwordField.inputValue()).toBe(password);
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/login',
  );
  sent.catch(() => undefined); // awaited below; a click that fails first must not leave it unhandled
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const request = await sent.catch(async (error: Error) => {
    throw new Error(`the sign-in form sent nothing after its click: ${await formState(page)}`, {
      cause: error,
    });
  });
  const response = await request.response();
  expect(
    response,
    `sign-in of ${email}: the request failed (${request.failure()?.errorText})`,
  ).not.toBeNull();
  expect(response!.status(), `sign-in of ${email}: ${await response!.text()}`).toBe(status);
}

/** What the sign-in screen shows, for a failure's message: its fields' values, its errors and its button. */
async function formState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const main = document.querySelector('main');
      const fields = [...(main?.querySelectorAll('input') ?? [])].map(
        (i) => `${i.name}=${i.type === 'password' ? `(${i.value.length} characters)` : i.value}`,
      );
      const alerts = [...document.querySelectorAll('[role="alert"], [slot="errorMessage"]')].map(
        (a) => a.textContent,
      );
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((d) =>
        d.textContent?.slice(0, 200),
      );
      return JSON.stringify({
        url: location.href,
        fields,
        alerts,
        dialogs,
        main: main?.innerText.slice(0, 400),
      });
    })
    .catch((error: Error) => `(the page could not be read: ${error.message})`);
}

async function signOutFromMenu(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/auth/sign-in');
}

describe('accounts, end to end', () => {
  test('register → mailbox → verify → admin validates → TOTP on → sign in with TOTP → profile edit → sign-out in one tab signs out the other', async () => {
    const id = randomBytes(4).toString('hex');
    const email = `newcomer-${id}@example.org`;
    const password = `a long password ${id}`;
    const { page, context } = await openPage();

    // a visitor registers
    await page.goto('/auth/register');
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await checkA11y(page, '/auth/register');
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill(`Newcomer ${id}`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm the password').fill(password);
    await page.getByRole('button', { name: 'Create my account' }).click();

    // the guard sends the unverified member to e-mail verification
    await page.waitForURL('**/auth/email/verify');
    await page.getByRole('heading', { level: 1, name: 'Check your mailbox' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(email);
    await checkA11y(page, '/auth/email/verify');
    await shot(page, 'accounts-verify-email');

    // the link of the mail verifies the address; the account then waits for validation
    const verification = await lastMailTo(email);
    await page.goto(linkIn(verification.text, /\/auth\/email\/verify\//));
    await page.waitForURL('**/auth/not-validated**');
    await page.getByRole('heading', { level: 1, name: 'Your account is waiting for validation' }).waitFor();
    await page
      .getByLabel('Message to the administrators')
      .fill('Occupational therapist, joining to lend equipment.');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await page.getByText("is waiting for an administrator's decision").waitFor();
    await checkA11y(page, '/auth/not-validated');
    await shot(page, 'accounts-not-validated');

    // an administrator accepts the request, in a browser of their own
    const admin = await openPage();
    await signIn(admin.page, 'admin@demo.example', DEMO_PASSWORD);
    await admin.page.waitForURL('**/admin/dashboard');
    await admin.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await checkA11y(admin.page, '/admin/dashboard');
    await shot(admin.page, 'accounts-admin-dashboard');
    await admin.page.getByRole('link', { name: 'Review the validation requests' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Validation requests' }).waitFor();
    const accept = admin.page.getByRole('button', { name: `Accept the request of Noor Newcomer ${id}` });
    await accept.waitFor();
    await checkA11y(admin.page, '/admin/validation-requests');
    await shot(admin.page, 'accounts-validation-requests');
    await accept.click();
    await admin.page.getByText(`The request of Noor Newcomer ${id} is accepted`).first().waitFor();

    // validated: the profile opens; two-step verification with an authenticator app
    await page.goto('/account/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    const keyLine = page.getByText(/^Setup key:/);
    await keyLine.waitFor();
    const secret = (await keyLine.innerText()).replace(/^Setup key:/, '').replace(/\s+/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await shot(page, 'accounts-profile-totp-enrolment');
    await page.getByLabel('Code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page
      .getByText('Two-step verification is on: you enter a code from your authenticator app')
      .waitFor();
    await checkA11y(page, '/account/profile');
    await shot(page, 'accounts-profile');

    // sign out, then sign in again: password, then the authenticator's code
    await signOutFromMenu(page, `Noor Newcomer ${id}`);
    await signIn(page, email, password);
    await page.waitForURL('**/auth/two-factor/totp**');
    await page.getByLabel('6-digit code').waitFor();
    await checkA11y(page, '/auth/two-factor/totp');
    await shot(page, 'accounts-two-factor');
    // the code of the next time step: never the one the enrolment used, still within the accepted drift
    await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    // a validated member lands on the dashboard when validation requests are on (seed 000 §2.10 rule 7)
    await page.waitForURL('**/admin/dashboard');

    // profile edit: the new name shows in the account menu
    await page.goto('/account/profile');
    const identity = page.getByRole('region', { name: 'Identity' });
    await identity.getByLabel('First name').fill('Nour');
    await identity.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Nour Newcomer ${id}` })
      .waitFor();

    // a second tab of the same browser; signing out in the first signs the second out
    const second = await context.newPage();
    await second.goto('/account/profile');
    await second.getByRole('region', { name: 'Identity' }).waitFor();
    await signOutFromMenu(page, `Nour Newcomer ${id}`);
    await second.waitForURL('**/auth/sign-in**');
    await second.goto('/account/profile');
    await second.waitForURL('**/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fprofile');
  }, 240_000);

  test('a wrong password is refused on the e-mail field, with no hint whether the address exists', async () => {
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example', 'not the password', 422);
    const known = page.getByText('These credentials do not match our records');
    await known.waitFor();
    await signIn(page, `nobody-${randomBytes(3).toString('hex')}@example.org`, 'not the password', 422);
    await known.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    await checkA11y(page, '/auth/sign-in with an error');
  });

  test('an anonymous visitor of the profile signs in and comes back to it', async () => {
    const { page } = await openPage();
    await page.goto('/account/profile');
    await page.waitForURL('**/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fprofile');
    await page.getByText('Sign in to continue.').waitFor();
    await page.getByLabel('E-mail address').fill('member2@demo.example');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/account/profile');
    await page.getByRole('region', { name: 'Identity' }).waitFor();
  });

  test.each([
    ['/auth/sign-in', 'Sign in'],
    ['/auth/password/forgot', 'Forgot your password?'],
    ['/auth/password/reset/some-token/someone%40example.org', 'Choose a new password'],
    ['/auth/two-factor/totp', 'Two-step verification'],
  ])('%s passes axe in both themes', async (path, heading) => {
    const { page } = await openPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await checkA11yInBothThemes(page, path, `accounts${path.split('/').slice(0, 4).join('-')}`);
  });

  test('an administrator impersonates a member, sees the banner, and stops', async () => {
    const { page } = await openPage();
    // the form and the administrator's landing on the dashboard are the first test's; here they would be a detour
    await signInThroughApi(page, 'admin@demo.example');
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkA11y(page, '/admin/users');
    await shot(page, 'accounts-admin-users');
    const row = page.getByRole('row').filter({ hasText: 'member2@demo.example' });
    await row.getByRole('button', { name: /Impersonate/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start impersonating' }).click();
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('You are acting as');
    await checkA11y(page, 'impersonation banner');
    await shot(page, 'accounts-impersonation');
    await banner.getByRole('button', { name: 'Stop' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  test('the admin drawer leads to the dev mailbox, which lists the messages the platform sent', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, 'admin@demo.example');
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    // the drawer's (on a wide window the same menu is also beside the screen, hidden while the drawer is open)
    const adminNav = page.getByRole('dialog').getByRole('navigation', { name: 'Administration' });
    await adminNav.getByRole('link', { name: 'Dashboard' }).waitFor();
    // the admin menu of seed 001 §6: the dashboard (and the dev mailbox) first, then the groups in their order
    expect(await adminNav.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Dev mailbox',
      'Pages',
      'Redirections',
      'Short URLs',
      'Language lines',
      // fifth in the application group, for application administrators
      'Menu items',
      'App environment',
      'Files',
      'Admin files',
      'File containers',
      'Users',
      'Validation requests',
      'Admin tags',
      'Jobs',
      'User categories',
      'Access levels',
      'Roles',
      'Notifications',
      'Organizations',
      'Organization year states',
      // a member's account (FEATURE_TRANSACTIONS, FEATURE_DOCUMENTS)
      'Account transactions',
      'Account documents',
      'Coupons',
      'Tags',
      'Comments',
      'Reports',
      // the publications, the repository and the forum (their features are on in the demo)
      'Publication requests',
      // the surveys, in the community group (FEATURE_SURVEYS)
      'Surveys',
      'Survey choices',
      'Articles',
      'Article categories',
      'Article layouts',
      'Blog posts',
      'Calendar events',
      'Repository items',
      'Repository categories',
      'External repositories',
      'Forum categories',
      'Forum subjects',
      'Forum messages',
      'Newsletter types',
      'Newsletters',
      // the contacts (FEATURE_CONTACTS)
      'Contacts',
      'Contact forms',
      'Contact form answers',
      'Contact reports',
      // a newsletter's sendings (ADR 0065), with the contacts they go to
      'Newsletter sendings',
      // the advanced forms (FEATURE_FORMS), in the contacts group after the contacts, in the catalogue's order
      'Form field types',
      'Form data types',
      'Form workflow types',
      'Advanced forms',
      'Form fields',
      'Form workflows',
      'Form responses',
      'Form workflow runs',
      // the software group (FEATURE_SOFTWARE): its statistics (hand-written, first), then the catalogue's records
      'Software events',
      'Software sessions',
      'Software installations',
      'Installation groups',
      'Software services',
      'Service authorizations',
      'Service associations',
      'Event types',
      'Reported events',
      // the training resources group, then the trainings group (FEATURE_TRAININGS), in seed 001 §6's order
      'Training resources',
      'Resource requests',
      'Resource reviews',
      'Resource themes',
      'Resource types',
      'Trainings',
      'Training sessions',
      'Addresses',
      'Training categories',
      'Training levels',
      'Training types',
      // the open badges group: the issuers' desk, then the records
      'Badge training sessions',
      'Badges',
      'Training session records',
      'Awarded badges',
      // the assistive device projects group, before the eqlaat group: a project's existing solutions (FEATURE_EQLAAT)
      'Existing solutions',
      // the eqlaat group (FEATURE_EQLAAT): the team's calendar (hand-written, first), then in the catalogue's
      // order the team's records and the reference lists, then the reminders (FEATURE_REMINDERS)
      'Eqlaat calendar',
      'Eqlaat projects',
      'Project steps',
      'Appointments',
      'Eqlaat reports',
      'Project statuses',
      'Project categories',
      'Reminders',
      // the rental group (the rental feature is on in the demo): the desk's commands, then the records
      'Rental commands',
      'Rental models',
      'Rental model categories',
      'Rental items',
      'Stocks',
      'Item conditions',
      'Invoicing strategies',
      // the AAC products group (FEATURE_AAC_PRODUCTS), for the AAC moderators and administrators, in the
      // catalogue's order: the products, the sellers, the systems, what a device has installed, how a product is
      // reached, then the fixed access and integration types and the named lists
      'AAC products',
      'Sellers',
      'Systems',
      'Installed systems',
      'Software access',
      'Access methods',
      'Integration types',
      'Keyboard types',
      'Pictogram types',
      'Conjugation types',
      // the statistics group (seed 001 §6), for administrators: the charts first, then the banned origins
      'Usage statistics',
      'Banned origins',
    ]);
    await adminNav.getByRole('link', { name: 'Dev mailbox' }).click();
    await page.waitForURL('**/admin/dev/mailbox');
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    await checkA11y(page, '/admin/dev/mailbox');
    await shot(page, 'accounts-mailbox');
  });
});
