import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, meDocument, route } from '../../kit/admin/admin-testing.ts';

const PROJECT = '0a000000-0000-4000-8000-0000000000e1';
const STEP = '0a000000-0000-4000-8000-0000000000e3';
const REPORT = '0a000000-0000-4000-8000-0000000000e2';

const projectDocument = (latestStep: string | null) => ({
  data: {
    type: 'eqlaat-projects',
    id: PROJECT,
    attributes: {
      title: 'Eye-gaze at home',
      priority: 'urgent',
      stepsCount: latestStep ? 2 : 0,
      appointmentsCount: 0,
      createdAt: '2031-01-10T09:00:00.000Z',
      updatedAt: '2031-01-10T09:00:00.000Z',
      deletedAt: null,
    },
    relationships: {
      categories: { data: [] },
      users: { data: [] },
      latestStep: { data: latestStep ? { type: 'eqlaat-project-steps', id: latestStep } : null },
    },
    meta: { version: '3' },
  },
  included: [],
});

// the step names its statuses in its own order; the screen shows them in the seed's display order
const stepDocument = {
  data: {
    type: 'eqlaat-project-steps',
    id: STEP,
    attributes: { doneAt: '2031-02-01T09:00:00.000Z', comment: null },
    relationships: {
      project: { data: { type: 'eqlaat-projects', id: PROJECT } },
      statuses: {
        data: [
          { type: 'eqlaat-project-statuses', id: 'stopped' },
          { type: 'eqlaat-project-statuses', id: 'testing' },
          { type: 'eqlaat-project-statuses', id: 'following_up' },
        ],
      },
    },
  },
  included: [
    { type: 'eqlaat-project-statuses', id: 'stopped', attributes: { name: 'Stopped' } },
    { type: 'eqlaat-project-statuses', id: 'testing', attributes: { name: 'Trying devices' } },
    { type: 'eqlaat-project-statuses', id: 'following_up', attributes: { name: 'Following up' } },
  ],
};

function projectServer(latestStep: string | null) {
  const steps: FakeRequest[] = [];
  return {
    steps,
    handlers: [
      route('GET', `/api/v1/eqlaat-projects/${PROJECT}`, () => fakeJson(200, projectDocument(latestStep))),
      route('GET', `/api/v1/eqlaat-project-steps/${STEP}`, () => fakeJson(200, stepDocument), steps),
    ],
  };
}

describe('an eqlaat project’s screen in the back office', () => {
  it('shows the latest step’s statuses as badges, by name, in display order and the seed’s colours', async () => {
    consentDecided();
    const server = projectServer(STEP);
    renderApp(`/admin/resources/eqlaat-projects/show/${PROJECT}`, {
      me: meDocument({ roles: ['eqlaat_member'] }),
      handlers: server.handlers,
    });
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Current status' }, FIRST_RENDER)
    ).closest('section')!;
    const badges = await within(section).findByRole('list', { name: 'Statuses of the latest step' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Trying devices', 'Following up', 'Stopped']);
    expect([...badges.querySelectorAll('[data-colour]')].map((b) => b.getAttribute('data-colour'))).toEqual([
      'neutral',
      'info',
      'error',
    ]);
    expect(section.textContent).toContain('Since February 1, 2031.');
    expect(server.steps[0]!.url.searchParams.get('include')).toBe('statuses');
    const add = within(section).getByRole('link', { name: 'Add a step' });
    // the step's form opens with the project chosen
    expect(add.getAttribute('href')).toMatch(
      /^\/admin\/resources\/eqlaat-project-steps\/create\?project=[\w-]+$/,
    );
  });

  it('says that a project without a step has no status yet', async () => {
    consentDecided();
    const server = projectServer(null);
    renderApp(`/admin/resources/eqlaat-projects/show/${PROJECT}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await screen.findByText('No step yet: the project has no status.', {}, FIRST_RENDER);
    expect(server.steps).toEqual([]);
  });
});

describe('an eqlaat report’s screen in the back office', () => {
  it('offers the report as a PDF, downloaded rather than opened in the app', async () => {
    consentDecided();
    renderApp(`/admin/resources/eqlaat-reports/show/${REPORT}`, {
      me: meDocument({ roles: ['eqlaat_member'] }),
      handlers: [
        route('GET', `/api/v1/eqlaat-reports/${REPORT}`, () =>
          fakeJson(200, {
            data: {
              type: 'eqlaat-reports',
              id: REPORT,
              attributes: {
                title: 'Trial notes',
                content: '<p>Seat width measured.</p>',
                createdAt: '2031-02-01T09:00:00.000Z',
                updatedAt: '2031-02-01T09:00:00.000Z',
                deletedAt: null,
              },
              relationships: { reportable: { data: { type: 'eqlaat-projects', id: PROJECT } } },
              meta: { version: '1' },
            },
            included: [],
          }),
        ),
      ],
    });
    const pdf = await screen.findByRole('link', { name: 'Download as PDF' }, FIRST_RENDER);
    expect(pdf.getAttribute('href')).toBe(`/api/v1/services/eqlaat-reports/${REPORT}/show/pdf`);
    expect(pdf.hasAttribute('download')).toBe(true);
  });
});
