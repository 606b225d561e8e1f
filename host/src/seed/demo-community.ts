import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { deriveId } from '@platform/command-api/handler';
import type { ArticleLayout } from '@platform/contracts/publications/records';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { readStreamOrEmpty, type EventStore } from '@platform/infra/event-store';
import { memberSession, must, seedClient, uploadPublicFile, type MemberSession } from './client.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import type { DemoFeatures } from './demo-content.ts';

/**
 * The demo community (issue 21): tags, articles in each layout filed in a category, blog posts, calendar events
 * (online and at a place), technical aids in the repository with images and an attachment, forum categories with
 * subjects and threaded messages, a few likes, a comment and its reply, and one pending publication request. Each
 * record is written by a demo account signed in over HTTP as the web would (the taxonomies by the machine
 * credential, as an administrator would), with an Idempotency-Key derived from what it seeds, so that running it
 * again appends only what an interrupted run had not. A feature that is off (FEATURE_ARTICLES, FEATURE_CALENDAR,
 * FEATURE_REPOSITORY, FEATURE_FORUM, FEATURE_COMMENTS, FEATURE_LIKES) has nothing of it seeded.
 */

/** the application administrator who writes the articles, the events and two technical aids (a publisher) */
export const DEMO_EDITOR = 'app-admin@demo.example';
/** the administrator who writes the blog posts, opens the forum and accepts the members' publication requests */
export const DEMO_PUBLISHER = 'admin@demo.example';
/** the member who shares technical aids (published through accepted requests) and whose blog post awaits review */
export const DEMO_AUTHOR = 'member1@demo.example';
/** the member who asks in the forum, likes and comments */
export const DEMO_READER = 'member2@demo.example';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export const demoTags = ['Switch access', '3D printing'] as const;
type DemoTag = (typeof demoTags)[number];

export const DEMO_ARTICLE_CATEGORY = 'Guides';

export interface DemoArticle {
  key: string;
  title: string;
  shortDescription: string;
  layout: ArticleLayout;
  tags: DemoTag[];
  /** days before the seeding it was published */
  publishedDaysAgo: number;
  sections: Array<{ title: string; content: string }>;
}

/** One article in each layout (seed 001 §4: simple, pagination, navigation). */
export const demoArticles: DemoArticle[] = [
  {
    key: 'first-switch',
    title: 'Choosing a first switch',
    shortDescription: 'What to try first when a person starts using switches to play, learn or communicate.',
    layout: 'simple',
    tags: ['Switch access'],
    publishedDaysAgo: 30,
    sections: [
      {
        title: 'Start with the person',
        content:
          '<p>Look for a movement the person makes reliably and without tiring: a hand, a head turn, a knee. ' +
          'Try a large, light switch there first, with a sound or a light as feedback.</p>' +
          '<p>Borrow before you buy: the rental catalogue has switches to try for a few weeks.</p>',
      },
    ],
  },
  {
    key: 'printed-keyguard',
    title: 'Printing a keyguard for a tablet',
    shortDescription: 'A keyguard stops accidental touches on a communication app. Here is how to print one.',
    layout: 'pagination',
    tags: ['3D printing', 'Switch access'],
    publishedDaysAgo: 20,
    sections: [
      {
        title: 'Measuring the screen',
        content:
          '<p>Take a screenshot of the communication app at the grid size the person uses, and measure the ' +
          'tablet’s screen and bezel with a calliper.</p>',
      },
      {
        title: 'Printing',
        content:
          '<p>Print in PETG, 3 mm thick, with the holes chamfered so a finger slides in. Print a small corner ' +
          'first to check the fit.</p>',
      },
      {
        title: 'Fitting and testing',
        content:
          '<p>Fix the keyguard with the tablet’s case or with strong magnets. Watch the person use it for a ' +
          'week, then adjust the holes that are missed.</p>',
      },
    ],
  },
  {
    key: 'home-adaptations',
    title: 'Adapting a home for a wheelchair user',
    shortDescription: 'Entrances, bathroom and kitchen: the changes that matter most, room by room.',
    layout: 'navigation',
    tags: [],
    publishedDaysAgo: 10,
    sections: [
      {
        title: 'Entrances and thresholds',
        content:
          '<p>A door needs 80 cm of clear width. Thresholds of a few centimetres are crossed with a small ramp; ' +
          'the repository has a printable one.</p>',
      },
      {
        title: 'Bathroom',
        content:
          '<p>A level-access shower, grab rails beside the toilet and a bath lift where a bath stays are the ' +
          'usual first steps.</p>',
      },
      {
        title: 'Kitchen',
        content:
          '<p>A worktop at 80 cm with space beneath it, and the things used every day between knee and ' +
          'shoulder height.</p>',
      },
    ],
  },
];

export interface DemoBlogPost {
  key: string;
  title: string;
  shortDescription: string;
  content: string;
  tags: DemoTag[];
  publishedDaysAgo: number;
}

/** The administrator's published blog posts. */
export const demoBlogPosts: DemoBlogPost[] = [
  {
    key: 'repository-open',
    title: 'Share your technical aids in the repository',
    shortDescription: 'Designs, 3D files and instructions: the repository is open to every member.',
    content:
      '<p>Members can now share the technical aids they made, with their files and print settings. Each ' +
      'contribution is reviewed before it is published.</p>',
    tags: ['3D printing'],
    publishedDaysAgo: 3,
  },
  {
    key: 'a-year-of-loans',
    title: 'A year of equipment loans',
    shortDescription: 'What members borrowed, how long they kept it, and what they bought afterwards.',
    content:
      '<p>Most loans lasted a month. Eye-gaze tablets and standing frames were the most asked for, and most ' +
      'families who tried a device knew within two weeks whether it suited them.</p>',
    tags: [],
    publishedDaysAgo: 15,
  },
  {
    key: 'maker-day-report',
    title: 'Report from the maker day',
    shortDescription: 'Twelve makers, thirty repairs, and a new switch adapter design.',
    content:
      '<p>Therapists brought the equipment, makers brought their tools: wheelchairs were adjusted, toys ' +
      'adapted for switches, and a new adapter was designed on the spot.</p>',
    tags: ['Switch access'],
    publishedDaysAgo: 40,
  },
];

/** The member's blog post, a draft submitted for publication: the pending publication request. */
export const demoPendingBlogPost = {
  key: 'standing-frame-story',
  title: 'Borrowing a standing frame: a parent’s view',
  shortDescription: 'How trying a standing frame at home for a month helped our family choose.',
  content:
    '<p>We borrowed a standing frame for a month before asking for one to be funded. Here is what we learned ' +
    'about fitting it into the day.</p>',
  request: 'My first post: a family’s experience of a loan, for the blog.',
  /** days after the seeding the member would like it published */
  targetedInDays: 7,
};

export interface DemoEvent {
  key: string;
  title: string;
  description: string;
  creator: string;
  /** an address, or for an online event its https link */
  location: string;
  isRealLocation: boolean;
  /** days from the seeding's date (UTC), and hours of that day */
  inDays: number;
  startHour: number;
  endHour: number;
}

/** Calendar events around the seeding's date: one online, two at a place (one of them already past). */
export const demoEvents: DemoEvent[] = [
  {
    key: 'switch-access-online',
    title: 'Switch access: an online introduction',
    description: '<p>An hour to discover switch access, with time for your questions.</p>',
    creator: 'Community team',
    location: 'https://meet.example.org/switch-access-introduction',
    isRealLocation: false,
    inDays: 2,
    startHour: 17,
    endHour: 18,
  },
  {
    key: 'maker-day',
    title: 'Maker day: repairing and adapting',
    description: '<p>Bring equipment to repair or adapt; makers and therapists work on it together.</p>',
    creator: 'Demo Fab Lab',
    location: '12 rue des Aides Techniques, 75011 Paris',
    isRealLocation: true,
    inDays: 9,
    startHour: 9,
    endHour: 17,
  },
  {
    key: 'wheelchair-fitting-workshop',
    title: 'Wheelchair fitting workshop',
    description: '<p>Measuring, adjusting and checking a manual wheelchair with its user.</p>',
    creator: 'Demo Care Network',
    location: '8 avenue des Aidants, 69003 Lyon',
    isRealLocation: true,
    inDays: -6,
    startHour: 14,
    endHour: 17,
  },
];

export const demoRepositoryCategories = [
  { key: 'switches', name: 'Switches and controls', shortDescription: 'Switches, adapters and mounts.' },
  { key: 'daily-living', name: 'Daily living aids', shortDescription: 'Aids for the home and for meals.' },
] as const;
type DemoRepositoryCategory = (typeof demoRepositoryCategories)[number]['key'];

/**
 * The images the technical aids show (the ramp and the tablet reused from the rental catalogue's assets, the grip
 * and the adapter of their own) and the one attachment.
 */
const demoFiles = {
  grip: {
    path: './assets/repository/cutlery-grip.png',
    fileName: 'cutlery-grip.png',
    mimeType: 'image/png',
    family: 'image',
    name: 'Cutlery grip',
    description: 'A spoon in a thick, soft grip',
  },
  adapter: {
    path: './assets/repository/switch-adapter.png',
    fileName: 'switch-adapter.png',
    mimeType: 'image/png',
    family: 'image',
    name: 'Switch adapter',
    description: 'A battery with an interrupter and its cable to a jack',
  },
  ramp: {
    path: './assets/rental/portable-ramp.png',
    fileName: 'threshold-ramp.png',
    mimeType: 'image/png',
    family: 'image',
    name: 'Threshold ramp',
    description: 'A threshold ramp',
  },
  tablet: {
    path: './assets/rental/eye-gaze-tablet.png',
    fileName: 'tablet-mount.png',
    mimeType: 'image/png',
    family: 'image',
    name: 'Tablet on its mount',
    description: 'A tablet on its mount',
  },
  printNotes: {
    path: './assets/repository/threshold-ramp-print-notes.txt',
    fileName: 'threshold-ramp-print-notes.txt',
    mimeType: 'text/plain',
    family: 'doc',
    name: 'Print notes',
    description: 'Print settings and assembly of the threshold ramp',
  },
} as const;
type DemoFile = keyof typeof demoFiles;

export interface DemoRepositoryItem {
  key: string;
  title: string;
  description: string;
  printerSettingsDescription: string | null;
  categories: DemoRepositoryCategory[];
  tags: DemoTag[];
  image: DemoFile;
  attachments: DemoFile[];
  /**
   * the editor publishes it at once (`publishedDaysAgo`); the member asks for it to be published, and the
   * administrator accepts
   */
  by: 'editor' | 'member';
  publishedDaysAgo?: number;
}

export const demoRepositoryItems: DemoRepositoryItem[] = [
  {
    key: 'threshold-ramp',
    title: 'Printable threshold ramp',
    description:
      '<p>A ramp in sections for thresholds up to 4 cm, printed in PETG and bolted together.</p>' +
      '<p>The print notes give the settings and the assembly.</p>',
    printerSettingsDescription: '<p>PETG, 0.28 mm layers, 4 walls, 40 % gyroid infill, no supports.</p>',
    categories: ['daily-living'],
    tags: ['3D printing'],
    image: 'ramp',
    attachments: ['printNotes'],
    by: 'editor',
    publishedDaysAgo: 25,
  },
  {
    key: 'tablet-mount',
    title: 'Tablet mount for eye-gaze use',
    description: '<p>A mount that holds a tablet at eye height on a wheelchair tray or a table.</p>',
    printerSettingsDescription: null,
    categories: ['switches'],
    tags: ['Switch access'],
    image: 'tablet',
    attachments: [],
    by: 'editor',
    publishedDaysAgo: 12,
  },
  {
    key: 'toy-switch-adapter',
    title: 'Switch adapter for battery toys',
    description:
      '<p>A battery interrupter that lets a switch drive any battery toy: a 3.5 mm jack, a copper disc and ' +
      'a printed case.</p>',
    printerSettingsDescription: '<p>PLA, 0.2 mm layers, 20 % infill.</p>',
    categories: ['switches'],
    tags: ['Switch access', '3D printing'],
    image: 'adapter',
    attachments: [],
    by: 'member',
  },
  {
    key: 'cutlery-grip',
    title: 'Printable cutlery grip',
    description: '<p>A large, soft-edged grip that slides onto a spoon or a fork for a weaker hand.</p>',
    printerSettingsDescription: '<p>TPU for comfort, or PLA with a foam sleeve.</p>',
    categories: ['daily-living'],
    tags: ['3D printing'],
    image: 'grip',
    attachments: [],
    by: 'member',
  },
];

export const demoForumCategories = [
  {
    key: 'getting-started',
    name: 'Getting started',
    shortDescription: 'Questions of newcomers, and welcomes.',
  },
  {
    key: 'making-repairing',
    name: 'Making and repairing',
    shortDescription: 'Building, adapting and mending equipment.',
  },
] as const;
type DemoForumCategory = (typeof demoForumCategories)[number]['key'];

type DemoAuthor = 'publisher' | 'editor' | 'author' | 'reader';

export interface DemoSubject {
  key: string;
  title: string;
  category: DemoForumCategory;
  by: DemoAuthor;
  /** pinned on the forum's home and first in its category (a publisher's choice) */
  pinned: boolean;
  /** its messages in order; `replyTo`: the key of the message it answers */
  messages: Array<{ key: string; by: DemoAuthor; content: string; replyTo?: string }>;
}

export const demoSubjects: DemoSubject[] = [
  {
    key: 'welcome',
    title: 'Welcome: introduce yourself',
    category: 'getting-started',
    by: 'publisher',
    pinned: true,
    messages: [
      {
        key: 'welcome-1',
        by: 'publisher',
        content: '<p>Tell us who you are and what brings you here: a need, a project, equipment to lend.</p>',
      },
      {
        key: 'welcome-2',
        by: 'author',
        content: '<p>Hello! I make switch adapters at the Demo Fab Lab and share them in the repository.</p>',
      },
      {
        key: 'welcome-3',
        by: 'reader',
        replyTo: 'welcome-2',
        content: '<p>Welcome! Will you bring your adapters to the maker day?</p>',
      },
    ],
  },
  {
    key: 'switch-low-tone',
    title: 'Which switch for a child with low muscle tone?',
    category: 'getting-started',
    by: 'reader',
    pinned: false,
    messages: [
      {
        key: 'switch-low-tone-1',
        by: 'reader',
        content: '<p>My son presses with little force and tires quickly. Which switches should we try?</p>',
      },
      {
        key: 'switch-low-tone-2',
        by: 'author',
        replyTo: 'switch-low-tone-1',
        content: '<p>Try a light-touch switch with a large surface, mounted where his hand rests.</p>',
      },
      {
        key: 'switch-low-tone-3',
        by: 'reader',
        replyTo: 'switch-low-tone-2',
        content: '<p>Thank you, we will borrow one to try.</p>',
      },
    ],
  },
  {
    key: 'worn-tyres',
    title: 'Replacing worn wheelchair tyres',
    category: 'making-repairing',
    by: 'author',
    pinned: false,
    messages: [
      {
        key: 'worn-tyres-1',
        by: 'author',
        content: '<p>Has anyone replaced solid tyres on a folding wheelchair? Which tools did you need?</p>',
      },
      {
        key: 'worn-tyres-2',
        by: 'editor',
        replyTo: 'worn-tyres-1',
        content: '<p>A tyre press helps a lot; we have one at the maker day.</p>',
      },
    ],
  },
];

/** The members' likes: a record of a type, by the seed's key, and who likes it. */
export const demoLikes: Array<{ type: string; key: string; by: DemoAuthor }> = [
  { type: 'articles', key: 'printed-keyguard', by: 'reader' },
  { type: 'blog-posts', key: 'repository-open', by: 'author' },
  { type: 'blog-posts', key: 'repository-open', by: 'reader' },
  { type: 'repository-items', key: 'threshold-ramp', by: 'reader' },
  { type: 'forum-subject-messages', key: 'switch-low-tone-2', by: 'reader' },
];

/** The comment on a blog post and its author's reply. */
export const demoComment = {
  post: 'repository-open',
  content: 'Great news: I will share my switch adapter there.',
  reply: 'Thank you, we look forward to it!',
};

const EMAILS: Record<DemoAuthor, string> = {
  publisher: DEMO_PUBLISHER,
  editor: DEMO_EDITOR,
  author: DEMO_AUTHOR,
  reader: DEMO_READER,
};

const KEY = 'seed:community';
const ref = (type: string, id: string) => ({ data: { type, id } });
const refs = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

/** The demo community's records' ids by the seed's keys. */
export interface DemoCommunity {
  articles: Map<string, string>;
  blogPosts: Map<string, string>;
  pendingBlogPost: string;
  events: Map<string, string>;
  repositoryItems: Map<string, string>;
  subjects: Map<string, string>;
  messages: Map<string, string>;
}

/**
 * Seeds the demo community (above), each part only when its feature is on. Answers the records' ids by the seed's
 * keys.
 */
export async function seedDemoCommunity(options: {
  eventStore: EventStore;
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  clock?: () => Date;
  features?: DemoFeatures;
  /** the position the demo accounts' grants were written at (memberSession) */
  grantedAt?: string;
}): Promise<DemoCommunity> {
  const features = options.features ?? {};
  const on = (feature: keyof DemoFeatures) => features[feature] !== false;
  const now = (options.clock ?? (() => new Date()))().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();
  const admin = seedClient(options.baseUrl, options.adminToken);
  // each account signs in once, when first needed; the parts below run side by side and share the sessions
  const sessions = new Map<DemoAuthor, Promise<MemberSession>>();
  const session = (who: DemoAuthor) => {
    const known = sessions.get(who);
    if (known) return known;
    const signedIn = memberSession(
      options.baseUrl,
      EMAILS[who],
      DEMO_PASSWORD,
      options.adminToken,
      options.grantedAt,
    );
    sessions.set(who, signedIn);
    return signedIn;
  };
  /** a record created by a demo account: its id */
  const create = async (
    who: DemoAuthor,
    type: string,
    key: string,
    attributes: object,
    relationships: object = {},
  ) =>
    must(
      await (await session(who)).call('POST', `/${type}`, { data: { type, attributes, relationships } }, key),
      key,
    ).body.data.id as string;
  /** a record created by the machine credential, as an administrator would: its id */
  const adminCreate = async (type: string, key: string, attributes: object, relationships: object = {}) =>
    (await admin.command('POST', `/${type}`, { data: { type, attributes, relationships } }, key)).id;

  // the accounts sign in while the tags are written (a password check is the slowest step of all)
  const signIns = Promise.all((Object.keys(EMAILS) as DemoAuthor[]).map(session));
  signIns.catch(() => undefined); // a failed sign-in is thrown below, once the tags are written
  const tags = new Map<DemoTag, string>();
  for (const name of demoTags) tags.set(name, await adminCreate('tags', `${KEY}:tag:${name}`, { name }));
  await signIns;
  const tagRefs = (names: readonly DemoTag[]) =>
    refs(
      'tags',
      names.map((n) => tags.get(n)!),
    );

  const community: DemoCommunity = {
    articles: new Map(),
    blogPosts: new Map(),
    pendingBlogPost: '',
    events: new Map(),
    repositoryItems: new Map(),
    subjects: new Map(),
    messages: new Map(),
  };

  // the parts that do not depend on each other are written side by side, each in its own order
  const articles = async () => {
    if (!on('articles')) return;
    const category = await adminCreate('categories', `${KEY}:article-category:${DEMO_ARTICLE_CATEGORY}`, {
      name: DEMO_ARTICLE_CATEGORY,
    });
    for (const article of demoArticles) {
      const key = `${KEY}:article:${article.key}`;
      const id = await create(
        'editor',
        'articles',
        key,
        {
          title: article.title,
          shortDescription: article.shortDescription,
          sections: article.sections.map((section, index) => ({
            id: deriveId(key, 'section', index),
            ...section,
          })),
          publishedAt: daysAgo(article.publishedDaysAgo),
        },
        {
          layout: ref('article-layouts', article.layout),
          category: ref('categories', category),
          tags: tagRefs(article.tags),
        },
      );
      community.articles.set(article.key, id);
    }
  };

  const blogPosts = async () => {
    for (const post of demoBlogPosts) {
      const { key, publishedDaysAgo, tags: names, ...attributes } = post;
      const id = await create(
        'publisher',
        'blog-posts',
        `${KEY}:blog-post:${key}`,
        { ...attributes, publishedAt: daysAgo(publishedDaysAgo) },
        { tags: tagRefs(names) },
      );
      community.blogPosts.set(key, id);
    }
    // the member's draft, submitted for publication: the pending request the publishers decide
    const { key, request, targetedInDays, ...attributes } = demoPendingBlogPost;
    const id = await create('author', 'blog-posts', `${KEY}:blog-post:${key}`, attributes);
    must(
      await (
        await session('author')
      ).call(
        'POST',
        `/services/publishables/blog-posts/${id}/publication-requests`,
        {
          data: {
            type: 'publication-requests',
            attributes: { description: request, targetedPublishedAt: daysAgo(-targetedInDays) },
          },
        },
        `${KEY}:blog-post:${key}:request`,
      ),
      `the publication request of ${key}`,
    );
    community.pendingBlogPost = id;
  };

  const calendar = async () => {
    if (!on('calendar')) return;
    const day = Math.floor(now / DAY) * DAY;
    for (const event of demoEvents) {
      const { key, inDays, startHour, endHour, ...attributes } = event;
      const id = await create('editor', 'calendar-events', `${KEY}:event:${key}`, {
        ...attributes,
        startAt: new Date(day + inDays * DAY + startHour * HOUR).toISOString(),
        endAt: new Date(day + inDays * DAY + endHour * HOUR).toISOString(),
        publishedAt: daysAgo(20),
      });
      community.events.set(key, id);
    }
  };

  const repository = async () => {
    if (on('repository')) await seedRepository(options, session, adminCreate, tagRefs, daysAgo, community);
  };

  const forum = async () => {
    if (!on('forum')) return;
    const categories = new Map<DemoForumCategory, string>();
    for (const [position, category] of demoForumCategories.entries())
      categories.set(
        category.key,
        await adminCreate('forum-categories', `${KEY}:forum-category:${category.key}`, {
          name: category.name,
          shortDescription: category.shortDescription,
          position,
        }),
      );
    for (const subject of demoSubjects) {
      // pinning is the publishers': a member's subject names no pin
      const pinned = subject.pinned ? { pinnedOnHomeAt: daysAgo(1), pinnedOnCategoryAt: daysAgo(1) } : {};
      const id = await create(
        subject.by,
        'forum-subjects',
        `${KEY}:forum-subject:${subject.key}`,
        { title: subject.title, ...pinned },
        { category: ref('forum-categories', categories.get(subject.category)!) },
      );
      community.subjects.set(subject.key, id);
      for (const message of subject.messages) {
        const parent = message.replyTo ? community.messages.get(message.replyTo)! : null;
        community.messages.set(
          message.key,
          await create(
            message.by,
            'forum-subject-messages',
            `${KEY}:forum-message:${message.key}`,
            { content: message.content },
            {
              subject: ref('forum-subjects', id),
              ...(parent ? { parentMessage: ref('forum-subject-messages', parent) } : {}),
            },
          ),
        );
      }
    }
  };

  await Promise.all([articles(), blogPosts(), calendar(), repository(), forum()]);

  if (on('likes')) {
    const byType: Record<string, Map<string, string>> = {
      articles: community.articles,
      'blog-posts': community.blogPosts,
      'repository-items': community.repositoryItems,
      'forum-subject-messages': community.messages,
    };
    for (const like of demoLikes) {
      const id = byType[like.type]?.get(like.key);
      if (!id) continue; // its feature is off
      must(
        await (
          await session(like.by)
        ).call(
          'POST',
          `/${like.type}/${id}/like`,
          undefined,
          `${KEY}:like:${like.by}:${like.type}:${like.key}`,
        ),
        `the like of ${like.key}`,
      );
    }
  }

  if (on('comments')) {
    const post = community.blogPosts.get(demoComment.post)!;
    const comment = await create(
      'reader',
      'comments',
      `${KEY}:comment:${demoComment.post}`,
      { content: demoComment.content },
      { commentable: ref('blog-posts', post) },
    );
    await create(
      'publisher',
      'comments',
      `${KEY}:comment:${demoComment.post}:reply`,
      { content: demoComment.reply },
      { commentable: ref('blog-posts', post), parentComment: ref('comments', comment) },
    );
  }

  options.logger.info(
    {
      articles: community.articles.size,
      blogPosts: community.blogPosts.size + 1,
      events: community.events.size,
      repositoryItems: community.repositoryItems.size,
      subjects: community.subjects.size,
      messages: community.messages.size,
    },
    'demo community seeded',
  );
  return community;
}

/**
 * The repository's categories and technical aids. An aid is created with its image and attachments, so their
 * files are uploaded only for an aid not created yet (its stream is empty), each file once per run. The editor's
 * aids are published at once; the member's are submitted for publication and accepted by the administrator.
 */
async function seedRepository(
  options: { eventStore: EventStore; baseUrl: string; adminToken: string },
  session: (who: DemoAuthor) => Promise<MemberSession>,
  adminCreate: (type: string, key: string, attributes: object) => Promise<string>,
  tagRefs: (names: readonly DemoTag[]) => object,
  daysAgo: (days: number) => string,
  community: DemoCommunity,
): Promise<void> {
  const categories = new Map<DemoRepositoryCategory, string>();
  for (const { key, ...attributes } of demoRepositoryCategories)
    categories.set(
      key,
      await adminCreate('repository-categories', `${KEY}:repository-category:${key}`, attributes),
    );

  const uploaded = new Map<DemoFile, string>();
  const fileId = async (file: DemoFile) => {
    const known = uploaded.get(file);
    if (known) return known;
    const { path, ...spec } = demoFiles[file];
    const bytes = new Uint8Array(await readFile(new URL(path, import.meta.url)));
    const id = await uploadPublicFile(options, { ...spec, bytes });
    uploaded.set(file, id);
    return id;
  };

  for (const item of demoRepositoryItems) {
    const key = `${KEY}:repository-item:${item.key}`;
    const id = deriveId(key, repositoryItemResource.type);
    community.repositoryItems.set(item.key, id);
    const stored = await readStreamOrEmpty(options.eventStore, repositoryItemResource.streamId(id));
    if (stored.length === 0) {
      const image = await fileId(item.image);
      const attachments: string[] = [];
      for (const file of item.attachments) attachments.push(await fileId(file));
      const writer = await session(item.by === 'editor' ? 'editor' : 'author');
      must(
        await writer.call(
          'POST',
          '/repository-items',
          {
            data: {
              type: 'repository-items',
              id,
              attributes: {
                title: item.title,
                description: item.description,
                printerSettingsDescription: item.printerSettingsDescription,
                ...(item.publishedDaysAgo !== undefined
                  ? { publishedAt: daysAgo(item.publishedDaysAgo) }
                  : {}),
              },
              relationships: {
                image: ref('files', image),
                attachments: refs('files', attachments),
                categories: refs(
                  'repository-categories',
                  item.categories.map((c) => categories.get(c)!),
                ),
                tags: tagRefs(item.tags),
              },
            },
          },
          key,
        ),
        key,
      );
    }
    if (item.by === 'member') {
      const requests = `/services/publishables/repository-items/${id}/publication-requests`;
      const submitted = must(
        await (
          await session('author')
        ).call(
          'POST',
          requests,
          {
            data: {
              type: 'publication-requests',
              attributes: {
                description: `Sharing my ${item.title.toLowerCase()}.`,
                targetedPublishedAt: null,
              },
            },
          },
          `${key}:request`,
        ),
        `the publication request of ${item.key}`,
      );
      must(
        await (
          await session('publisher')
        ).call('POST', `${requests}/${submitted.body.data.id}/accept`, undefined, `${key}:request:accept`),
        `the acceptance of ${item.key}`,
      );
    }
  }
}
