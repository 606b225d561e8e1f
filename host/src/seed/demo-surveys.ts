import type { Logger } from 'pino';
import { seedClient } from './client.ts';

const KEY = 'seed:surveys';

/** The demo survey: open (no dates), no sign-in needed, one answer each. */
export const demoSurvey = {
  question: 'Which access method do you use most?',
  choices: ['Joystick', 'Switches', 'Eye gaze', 'Head mouse', 'Voice control'],
  title: 'Tell us about you',
} as const;

/**
 * The demo survey on the home page (issue 23): the survey and its choices as an editor writes them, and a survey
 * block placed after the home page's other blocks. Every command carries an Idempotency-Key, as the rest of the
 * seeding does.
 */
export async function seedDemoSurveys(options: { baseUrl: string; adminToken: string; logger: Logger }) {
  const client = seedClient(options.baseUrl, options.adminToken);
  const { id: survey } = await client.command(
    'POST',
    '/surveys',
    {
      data: {
        type: 'surveys',
        attributes: {
          question: demoSurvey.question,
          description: '<p>One answer each: the results show as soon as you have answered.</p>',
        },
      },
    },
    `${KEY}:survey`,
  );
  for (const [position, text] of demoSurvey.choices.entries())
    await client.command(
      'POST',
      '/survey-choices',
      {
        data: {
          type: 'survey-choices',
          attributes: { text, position },
          relationships: { survey: { data: { type: 'surveys', id: survey } } },
        },
      },
      `${KEY}:choice:${position}`,
    );
  const home = await client.get('/app-pages?page[size]=1&filter[path]=/');
  const page = (home.data as Array<{ id: string }>)[0];
  if (!page) throw new Error('The demo survey goes on the home page, which is missing');
  await client.command(
    'POST',
    '/app-page-components',
    {
      data: {
        type: 'app-page-components',
        // after the home page's own blocks, whatever their number
        attributes: { name: 'survey', position: 1000, props: { title: demoSurvey.title, survey } },
        relationships: { page: { data: { type: 'app-pages', id: page.id } } },
      },
    },
    `${KEY}:home-component`,
  );
  options.logger.info('demo survey seeded on the home page');
  return survey;
}
