import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consent, pageAnswer } from '../../../frame/testing/cms-testing.tsx';

const SURVEY = '5a000000-0000-4000-8000-000000000001';
const CHOICES = [
  { id: 'c0000000-0000-4000-8000-000000000001', text: 'Joystick' },
  { id: 'c0000000-0000-4000-8000-000000000002', text: 'Switch' },
];

const page = pageAnswer('/', 'Home', [{ name: 'survey', props: { title: 'Your opinion', survey: SURVEY } }]);

/** A survey on a fake API that counts the answer it is sent and answers its results with it. */
function surveyApi(attributes: Record<string, unknown> = {}) {
  const sent: unknown[] = [];
  const handler = (request: FakeRequest) => {
    const path = request.url.pathname;
    if (path === `/api/v1/surveys/${SURVEY}`)
      return fakeJson(200, {
        data: {
          type: 'surveys',
          id: SURVEY,
          attributes: {
            question: 'Which access method do you use?',
            description: null,
            allowMultiple: false,
            maxSelectedChoices: null,
            allowNewChoice: false,
            requireAuth: false,
            onePerOrganization: false,
            openAt: null,
            closeAt: null,
            ...attributes,
          },
        },
      });
    if (path === `/api/v1/services/surveys/${SURVEY}/results`) {
      const mine = (
        sent[0] as { data: { relationships: { choices: { data: Array<{ id: string }> } } } }
      )?.data.relationships.choices.data.map((c) => c.id);
      return fakeJson(200, {
        data: {
          type: 'survey-results',
          id: SURVEY,
          attributes: {
            answersCount: 3 + (mine ? 1 : 0),
            choices: CHOICES.map((c, n) => ({
              ...c,
              position: n,
              addedByUser: false,
              answersCount: (n === 0 ? 2 : 1) + (mine?.includes(c.id) ? 1 : 0),
            })),
            myAnswer: mine ? { choices: mine, answeredAt: '2026-11-27T10:00:00.000Z' } : null,
            organizationAnswered: false,
          },
        },
      });
    }
    if (path === `/api/v1/services/surveys/${SURVEY}/answers` && request.method === 'POST') {
      sent.push(request.body);
      return fakeJson(201, { data: { type: 'survey-answers', id: 'a1' }, meta: { position: '42' } });
    }
    return undefined;
  };
  return { handler, sent };
}

describe('the survey CMS component', () => {
  it('lets a visitor answer and shows the results with their own answer marked', async () => {
    consent();
    const api = surveyApi();
    renderApp('/', { routes: { '/': page }, handlers: [api.handler] });
    const group = await screen.findByRole(
      'radiogroup',
      { name: 'Which access method do you use?' },
      { timeout: 25_000 },
    );
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: 'Switch' }));
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Thank you: your answer is counted.')).toBeTruthy();
    expect(api.sent).toEqual([
      {
        data: {
          type: 'survey-answers',
          attributes: { newChoice: null },
          relationships: { choices: { data: [{ type: 'survey-choices', id: CHOICES[1]!.id }] } },
        },
      },
    ]);
    const results = screen.getByRole('list', { name: 'Results' });
    expect(within(results).getByText(/Switch — 2 answers \(50%\) \(your answer\)/)).toBeTruthy();
    expect(screen.getByText('4 answers')).toBeTruthy();
  });

  it('says why a closed survey cannot be answered, and shows its results without a form', async () => {
    consent();
    const api = surveyApi({ closeAt: '2020-01-01T00:00:00.000Z' });
    renderApp('/', { routes: { '/': page }, handlers: [api.handler] });
    expect(
      await screen.findByText(/This survey closed on .*2020.*: it can no longer be answered\./, undefined, {
        timeout: 25_000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByText('3 answers')).toBeTruthy();
  });

  it('offers checkboxes when several answers are allowed, and refuses more than maxSelectedChoices', async () => {
    consent();
    const api = surveyApi({ allowMultiple: true, maxSelectedChoices: 1 });
    renderApp('/', { routes: { '/': page }, handlers: [api.handler] });
    const group = await screen.findByRole(
      'group',
      { name: 'Which access method do you use?' },
      { timeout: 25_000 },
    );
    const user = userEvent.setup();
    await user.click(within(group).getByRole('checkbox', { name: 'Joystick' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Switch' }));
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Choose at most 1.')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it('asks a visitor to sign in where the survey requires it', async () => {
    consent();
    const api = surveyApi({ requireAuth: true });
    renderApp('/', { routes: { '/': page }, handlers: [api.handler] });
    const link = await screen.findByRole('link', { name: 'Sign in to answer' }, { timeout: 25_000 });
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirectUrl=%2F');
  });

  it('opens a survey by its own link, /services/surveys/{id}', async () => {
    consent();
    const api = surveyApi();
    renderApp(`/services/surveys/${SURVEY}`, { handlers: [api.handler] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Survey' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('radiogroup', { name: 'Which access method do you use?' })).toBeTruthy();
  });
});
