import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { advancedFormsServer, formPath, RESPONSE_TOKEN } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

async function openForm(server: ReturnType<typeof advancedFormsServer>, path = formPath()) {
  decided();
  const view = renderApp(path, { handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
  return view;
}

const main = () => within(screen.getByRole('main'));
const pageHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 });
const focused = () => document.activeElement;

describe('the public page of an advanced form', () => {
  it('goes by keyboard from the start through both pages to the confirmation', async () => {
    const user = userEvent.setup();
    const server = advancedFormsServer();
    const view = await openForm(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Visit feedback' })).toBeTruthy();
    expect(screen.getByText('Tell us how your visit went.')).toBeTruthy();
    expect(screen.getByText('This form has 2 pages.')).toBeTruthy();
    // a bare page: no navigation bar
    expect(screen.queryByRole('navigation', { name: /main/i })).toBeNull();

    screen.getByRole('button', { name: 'Start' }).focus();
    await user.keyboard('{Enter}');
    const first = await pageHeading('About you');
    await waitFor(() => expect(focused()).toBe(first));
    // the address now names the response and its page, in place of the form's
    expect(view.location.history.at(-1)).toBe(formPath(`/${RESPONSE_TOKEN}/1`));
    // said in the status region: this address brings the visitor back to their answers
    const address = main().getByText(`${window.location.origin}${formPath(`/${RESPONSE_TOKEN}`)}`);
    expect(address.closest('[role="status"]')).not.toBeNull();
    expect(main().getByText('This address brings you back to your answers')).toBeTruthy();
    expect(server.state.started[0]!.data.attributes).toMatchObject({ locale: 'en' });
    expect(server.state.started[0]!.data.attributes?.captcha?.challenge).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Progress' });
    expect(progress.getAttribute('aria-valuetext')).toBe('Page 1 of 2');
    expect(screen.getByText('So that we can answer you.')).toBeTruthy();

    await user.tab();
    expect(focused()).toBe(screen.getByRole('textbox', { name: 'Your name (required)' }));
    await user.keyboard('Ana Pop');
    await user.tab();
    expect(focused()).toBe(screen.getByRole('textbox', { name: 'E-mail address' }));
    expect(focused()?.getAttribute('type')).toBe('email');
    await user.keyboard('ana@example.org{Enter}');

    const second = await pageHeading('Your visit');
    await waitFor(() => expect(focused()).toBe(second));
    expect(view.location.history.at(-1)).toBe(formPath(`/${RESPONSE_TOKEN}/2`));
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe(
      'Page 2 of 2',
    );
    expect(server.state.saved).toEqual([
      {
        section: 0,
        body: {
          data: {
            type: 'form-responses',
            attributes: { answers: { name: 'Ana Pop', email: 'ana@example.org' } },
          },
        },
      },
    ]);

    await user.tab();
    expect(focused()).toBe(screen.getByRole('radio', { name: 'Good' }));
    await user.keyboard(' ');
    await user.tab();
    expect(focused()).toBe(screen.getByRole('checkbox', { name: 'I agree to be contacted (required)' }));
    await user.keyboard(' ');
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Back' }));
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Send' }));
    await user.keyboard('{Enter}');

    const done = await pageHeading('Your answers were sent');
    await waitFor(() => expect(focused()).toBe(done));
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Thank you: your answers have been received.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(server.state.saved[1]).toEqual({
      section: 1,
      body: { data: { type: 'form-responses', attributes: { answers: { rating: 'Good', consent: true } } } },
    });
    expect(server.state.ends).toBe(1);
  });

  it('refuses a page whose required question is unanswered, says why on it and moves focus there', async () => {
    const user = userEvent.setup();
    const server = advancedFormsServer();
    await openForm(server);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await pageHeading('About you');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const name = screen.getByRole('textbox', { name: 'Your name (required)' });
    await waitFor(() => expect(focused()).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Answer this question.')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address, such as name@example.org.')).toBeTruthy();
    expect(server.state.saved).toEqual([]);
    // what is fixed loses its message
    await user.type(name, 'Ana');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('comes back to a response at its furthest page, and goes back to the page of an answer the server lacks', async () => {
    const user = userEvent.setup();
    const server = advancedFormsServer();
    server.state.section = 1;
    server.state.answers = { rating: 'Bad' };
    const view = await openForm(server, formPath(`/${RESPONSE_TOKEN}`));
    await pageHeading('Your visit');
    expect(view.location.history.at(-1)).toBe(formPath(`/${RESPONSE_TOKEN}/2`));
    expect((screen.getByRole('radio', { name: 'Bad' }) as HTMLInputElement).checked).toBe(true);

    // the box must be ticked
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Tick this box to go on.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to be contacted (required)' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // the name was never given: its page again, the problem on it
    await pageHeading('About you');
    const name = screen.getByRole('textbox', { name: 'Your name (required)' });
    await waitFor(() => expect(focused()).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(main().getByRole('alert').textContent).toBe('Some required questions are not answered yet.');
    expect(view.location.history.at(-1)).toBe(formPath(`/${RESPONSE_TOKEN}/1`));

    await user.type(name, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await pageHeading('Your visit');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await pageHeading('Your answers were sent');
  });

  it('says a response already sent was sent, without its pages', async () => {
    const server = advancedFormsServer();
    server.state.endedAt = '2026-11-29T10:00:00.000Z';
    await openForm(server, formPath(`/${RESPONSE_TOKEN}/1`));
    expect(await pageHeading('These answers were already sent')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when a form opens, and that a closed one takes no answers', async () => {
    const server = advancedFormsServer({ state: 'notYetOpen', openAt: '2027-03-01T09:30:00.000Z' });
    const first = await openForm(server);
    expect(
      screen.getByText(/^This form opens on March 1, 2027 .+: come back then to answer it\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    first.unmount();

    await openForm(advancedFormsServer({ state: 'closed', closeAt: '2026-01-01T00:00:00.000Z' }));
    expect(screen.getByText('This form is closed: it no longer takes answers.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('says a wrong link opens no form', async () => {
    const server = advancedFormsServer();
    await openForm(server, formPath('/wrongToken_0123456789abcdefghijk/2'));
    expect(screen.getByRole('heading', { level: 1, name: 'Form not found' })).toBeTruthy();
    expect(main().getByText(/This form does not exist or its link is wrong/)).toBeTruthy();
  });
});
