import type { Logger } from 'pino';
import { memberSession, must, seedClient, type MemberSession } from './client.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { DEMO_AUTHOR, DEMO_EDITOR, DEMO_READER } from './demo-community.ts';

/**
 * The demo trainings (issue 23): resource themes and types, training resources published by the editor with the
 * members' reviews, one open request of a member, and a training with two sessions at an address. The reference
 * lists, the training and its sessions are written by the machine credential (as an administrator would), the
 * rest by the demo accounts signed in over HTTP; every write has an Idempotency-Key derived from what it seeds,
 * so running it again appends nothing. Seeded only when the trainings feature is on (FEATURE_TRAININGS).
 */

const KEY = 'seed:trainings';
const DAY = 24 * 60 * 60 * 1000;
const ref = (type: string, id: string) => ({ data: { type, id } });
const refs = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

export const demoTrainingThemes = ['Switch access', 'Eye gaze', 'Communication boards'] as const;
type DemoTheme = (typeof demoTrainingThemes)[number];
export const demoTrainingResourceTypes = ['Video tutorial', 'Guide'] as const;
type DemoResourceType = (typeof demoTrainingResourceTypes)[number];

type Reviewer = 'author' | 'reader';

export interface DemoTrainingResource {
  key: string;
  title: string;
  description: string;
  themes: DemoTheme[];
  type: DemoResourceType;
  licenseId: string;
  originalAuthors: string;
  publishedDaysAgo: number;
  reviews: Array<{
    by: Reviewer;
    objective: 'personal' | 'project' | 'integration' | 'other';
    recipientsCount: number | null;
    reviewRating: number;
    reviewComment: string;
  }>;
}

export const demoTrainingResources: DemoTrainingResource[] = [
  {
    key: 'first-switch-video',
    title: 'Setting up a first switch',
    description:
      '<p>A ten-minute video: where to mount the switch, how to connect it to a tablet, and how to choose ' +
      'the first activities.</p>',
    themes: ['Switch access'],
    type: 'Video tutorial',
    licenseId: 'CC-BY-4.0',
    originalAuthors: 'The platform’s occupational therapists',
    publishedDaysAgo: 40,
    reviews: [
      {
        by: 'author',
        objective: 'project',
        recipientsCount: 6,
        reviewRating: 5,
        reviewComment: 'We used it with the six pupils of our class: clear and short.',
      },
      {
        by: 'reader',
        objective: 'personal',
        recipientsCount: null,
        reviewRating: 4,
        reviewComment: 'Helped me mount my son’s switch on his wheelchair tray.',
      },
    ],
  },
  {
    key: 'eye-gaze-calibration',
    title: 'Calibrating an eye-gaze device',
    description:
      '<p>A step-by-step guide to calibrating an eye-gaze device, with the usual problems (light, glasses, ' +
      'posture) and their fixes.</p>',
    themes: ['Eye gaze', 'Communication boards'],
    type: 'Guide',
    licenseId: 'CC-BY-SA-4.0',
    originalAuthors: 'A rehabilitation centre’s team',
    publishedDaysAgo: 15,
    reviews: [
      {
        by: 'reader',
        objective: 'integration',
        recipientsCount: 2,
        reviewRating: 4,
        reviewComment: 'We followed it to set up two devices at home and at school.',
      },
    ],
  },
];

/** The member's open request: a resource that does not exist yet. */
export const demoTrainingRequest = {
  key: 'eye-gaze-games',
  title: 'Eye-gaze games for young children',
  description: '<p>Simple cause-and-effect games to start eye-gaze access with children under five.</p>',
  inspirationUrl: 'https://example.org/eye-gaze-games',
  themes: ['Eye gaze'] as DemoTheme[],
  extends: 'eye-gaze-calibration',
};

export const demoTraining = {
  title: 'Communication boards in class',
  description:
    '<p>Two days to build and use communication boards with pupils who do not speak, in the classroom and in ' +
    'the playground.</p>',
  category: 'Alternative communication',
  level: 'Beginner',
  type: 'Workshop',
  address: {
    fullName: 'Demo Fab Lab',
    line1: '12 rue des Ateliers',
    line2: null,
    postalCode: '69007',
    city: 'Lyon',
  },
  /** days after the seeding each session starts; each lasts from 9:00 to 17:00 UTC */
  sessionsInDays: [21, 28],
};

export interface DemoTrainings {
  resources: Map<string, string>;
  request: string;
  training: string;
  sessions: string[];
}

export async function seedDemoTrainings(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  clock?: () => Date;
  /** the position the demo accounts' grants were written at (memberSession) */
  grantedAt?: string;
}): Promise<DemoTrainings> {
  const now = (options.clock ?? (() => new Date()))().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();
  const admin = seedClient(options.baseUrl, options.adminToken);
  const adminCreate = async (type: string, key: string, attributes: object, relationships: object = {}) =>
    (await admin.command('POST', `/${type}`, { data: { type, attributes, relationships } }, key)).id;
  const sessions = new Map<string, Promise<MemberSession>>();
  const session = (email: string) => {
    const known = sessions.get(email);
    if (known) return known;
    const signedIn = memberSession(
      options.baseUrl,
      email,
      DEMO_PASSWORD,
      options.adminToken,
      options.grantedAt,
    );
    sessions.set(email, signedIn);
    return signedIn;
  };
  const create = async (
    email: string,
    type: string,
    key: string,
    attributes: object,
    relationships: object = {},
  ) =>
    must(
      await (
        await session(email)
      ).call('POST', `/${type}`, { data: { type, attributes, relationships } }, key),
      key,
    ).body.data.id as string;

  const themes = new Map<DemoTheme, string>();
  for (const name of demoTrainingThemes)
    themes.set(name, await adminCreate('training-resource-themes', `${KEY}:theme:${name}`, { name }));
  const types = new Map<DemoResourceType, string>();
  for (const name of demoTrainingResourceTypes)
    types.set(name, await adminCreate('training-resource-types', `${KEY}:type:${name}`, { name }));
  const themeRefs = (names: readonly DemoTheme[]) =>
    refs(
      'training-resource-themes',
      names.map((n) => themes.get(n)!),
    );

  const reviewers: Record<Reviewer, string> = { author: DEMO_AUTHOR, reader: DEMO_READER };
  const resources = new Map<string, string>();
  for (const resource of demoTrainingResources) {
    const key = `${KEY}:resource:${resource.key}`;
    const id = await create(
      DEMO_EDITOR,
      'training-resources',
      key,
      {
        title: resource.title,
        description: resource.description,
        licenseId: resource.licenseId,
        originalAuthors: resource.originalAuthors,
        publishedAt: daysAgo(resource.publishedDaysAgo),
      },
      {
        themes: themeRefs(resource.themes),
        resourceType: ref('training-resource-types', types.get(resource.type)!),
      },
    );
    resources.set(resource.key, id);
    for (const [index, review] of resource.reviews.entries()) {
      const { by, ...attributes } = review;
      await create(
        reviewers[by],
        'training-resource-reviews',
        `${key}:review:${index}`,
        { ...attributes, reviewedAt: daysAgo(Math.max(1, resource.publishedDaysAgo - 5 - index)) },
        { resource: ref('training-resources', id) },
      );
    }
  }

  const request = await create(
    DEMO_READER,
    'training-resource-requests',
    `${KEY}:request:${demoTrainingRequest.key}`,
    {
      title: demoTrainingRequest.title,
      description: demoTrainingRequest.description,
      inspirationUrl: demoTrainingRequest.inspirationUrl,
      publishedAt: daysAgo(3),
    },
    {
      themes: themeRefs(demoTrainingRequest.themes),
      extendedResources: refs('training-resources', [resources.get(demoTrainingRequest.extends)!]),
    },
  );

  const category = await adminCreate('training-categories', `${KEY}:category`, {
    name: demoTraining.category,
  });
  const level = await adminCreate('training-levels', `${KEY}:level`, { name: demoTraining.level });
  const trainingType = await adminCreate('training-types', `${KEY}:training-type`, {
    name: demoTraining.type,
  });
  const training = await adminCreate(
    'trainings',
    `${KEY}:training`,
    { title: demoTraining.title, description: demoTraining.description, publishedAt: daysAgo(7) },
    {
      trainingCategory: ref('training-categories', category),
      trainingLevel: ref('training-levels', level),
      trainingType: ref('training-types', trainingType),
    },
  );
  const address = await adminCreate('addresses', `${KEY}:address`, demoTraining.address);
  const sessionIds: string[] = [];
  for (const days of demoTraining.sessionsInDays) {
    const day = new Date(now + days * DAY).toISOString().slice(0, 10);
    sessionIds.push(
      await adminCreate(
        'training-sessions',
        `${KEY}:session:${days}`,
        { startAt: `${day}T09:00:00.000Z`, endAt: `${day}T17:00:00.000Z` },
        { training: ref('trainings', training), address: ref('addresses', address) },
      ),
    );
  }

  options.logger.info(
    { themes: themes.size, resources: resources.size, sessions: sessionIds.length },
    'demo trainings seeded',
  );
  return { resources, request, training, sessions: sessionIds };
}
