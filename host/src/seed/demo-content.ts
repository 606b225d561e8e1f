import type { ResourceFeature, ResourceFeatures } from '@platform/contracts/resources/definition';

/** The demo site's content: what a new platform shows before its editors write their own. */

export interface DemoComponent {
  name: string;
  viewId?: string;
  props: Record<string, unknown>;
}

export interface DemoPage {
  path: string;
  attributes: Record<string, unknown>;
  components: DemoComponent[];
}

export interface DemoMenuItem {
  name: string;
  page?: string;
  attributes: Record<string, unknown>;
  children?: DemoMenuItem[];
}

const internal = (label: string, path: string) => ({ kind: 'internal', label, path });

const legal = (path: string, title: string, body: string): DemoPage => ({
  path,
  attributes: { path, title, description: title },
  components: [
    { name: 'title', props: { title, level: 1 } },
    { name: 'custom', props: { html: body } },
  ],
});

export const demoPages: DemoPage[] = [
  {
    path: '/',
    attributes: {
      path: '/',
      title: 'Home',
      description: 'Lend, borrow and learn about assistive technology, together.',
      isDefault: true,
    },
    components: [
      {
        name: 'hero',
        viewId: 'welcome',
        props: {
          title: 'Assistive technology, shared',
          subtitle:
            'A community of people, therapists and makers who lend adapted equipment, share technical aids and learn together.',
          buttons: [internal('Discover the community', '/about'), internal('Contact us', '/contact')],
        },
      },
      {
        name: 'content',
        viewId: 'services',
        props: {
          title: 'What you can do here',
          display: 'cards',
          columns: 3,
          items: [
            {
              title: 'Borrow adapted equipment',
              description:
                'Rent switches, eye-gaze devices and adapted controllers for a trial period before you buy.',
              icon: 'devices',
              link: internal('See the equipment', '/about'),
            },
            {
              title: 'Train for open badges',
              description:
                'Follow guided training sessions and earn open badges recognised by the community.',
              icon: 'badge',
            },
            {
              title: 'Share technical aids',
              description: 'Publish your designs and 3D files so others can build and adapt them.',
              icon: 'build',
            },
          ],
        },
      },
      {
        name: 'community-numbers',
        viewId: 'numbers',
        props: { title: 'Our community in numbers', inverseBackground: true },
      },
      {
        name: 'testimonials',
        viewId: 'testimonials',
        props: {
          title: 'They use the platform',
          items: [
            {
              quote: 'Trying a head pointer for a month made the choice obvious for our family.',
              author: 'A parent',
              role: 'Member since 2024',
            },
            {
              quote: 'I share my switch adapters here and see them improved by other makers.',
              author: 'A maker',
              role: 'Contributor',
            },
          ],
        },
      },
      {
        name: 'buttons',
        props: {
          alignment: 'center',
          buttons: [internal('Read our charter', '/about'), internal('Get in touch', '/contact')],
        },
      },
    ],
  },
  {
    path: '/about',
    attributes: { path: '/about', title: 'About us', description: 'Who we are and how the community works.' },
    components: [
      {
        name: 'title',
        props: { title: 'About the community', subtitle: 'Open, shared, accessible.', level: 1 },
      },
      {
        name: 'use-cases',
        viewId: 'how-it-works',
        props: {
          title: 'How it works',
          items: [
            { title: 'Ask', description: 'Describe a need: a person, a situation, a goal.' },
            {
              title: 'Try',
              description: 'Borrow equipment or build a technical aid shared by the community.',
            },
            {
              title: 'Share',
              description: 'Tell others what worked, so the next person starts further along.',
            },
          ],
        },
      },
      {
        name: 'video',
        viewId: 'video',
        props: {
          title: 'The community in two minutes',
          description: '<p>How members lend equipment and share technical aids.</p>',
          embedUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30',
        },
      },
      {
        name: 'charter',
        viewId: 'charter',
        props: {
          title: 'Our charter',
          description: '<p>We share knowledge openly and respect every person’s choices.</p>',
        },
      },
    ],
  },
  {
    path: '/contact',
    attributes: { path: '/contact', title: 'Contact', description: 'Write to the team.' },
    components: [
      {
        name: 'contact',
        props: {
          title: 'Contact us',
          address: '12 rue des Aides Techniques, 75011 Paris',
          content: '<p>We answer within two working days.</p>',
        },
      },
      {
        name: 'contact-card',
        props: {
          firstName: 'Support',
          lastName: 'Team',
          title: 'Member support',
          email: 'support@example.org',
        },
      },
    ],
  },
  legal('/legal/notice', 'Legal notice', '<p>This platform is published by a non-profit association.</p>'),
  legal(
    '/legal/privacy-policy',
    'Privacy policy',
    '<p>We keep only the data needed to run the services you use.</p>',
  ),
  legal('/legal/cookies', 'Cookies', '<p>Essential cookies only, unless you accept video providers.</p>'),
  legal('/legal/terms', 'Terms of use', '<p>Be kind, share what you can, respect others’ work.</p>'),
  legal(
    '/legal/terms-of-sale',
    'Terms of sale',
    '<p>Rental terms: deposit, duration and return conditions.</p>',
  ),
];

export const demoMenu: DemoMenuItem[] = [
  { name: 'Home', page: '/', attributes: {} },
  {
    name: 'Community',
    attributes: {},
    children: [
      { name: 'About us', page: '/about', attributes: {} },
      { name: 'Contact', page: '/contact', attributes: {} },
    ],
  },
  {
    name: 'Legal',
    attributes: { alignsNextRight: true },
    children: [
      { name: 'Legal notice', page: '/legal/notice', attributes: {} },
      { name: 'Privacy policy', page: '/legal/privacy-policy', attributes: {} },
    ],
  },
];

/** The rental catalogue's page and its menu entry: seeded only when the site serves the rental feature. */
export const demoRentalPage: DemoPage = {
  path: '/rental',
  attributes: {
    path: '/rental',
    title: 'Equipment rental',
    description: 'Rent assistive-technology equipment by the day.',
  },
  components: [
    { name: 'title', props: { title: 'Equipment rental', level: 1 } },
    { name: 'rental-models', props: { title: '' } },
  ],
};
export const demoRentalMenuItem: DemoMenuItem = { name: 'Equipment rental', page: '/rental', attributes: {} };

/**
 * The open badges' page (the open badges component; a badge at /open-badges/{id}, an assertion at
 * /open-badges/assertions/{id}) and its menu entry: seeded only when the site serves the open badges feature. The
 * web's OPEN_BADGES_PAGE_PATH (web/src/features/open-badges/paths.ts) names this path.
 */
export const DEMO_OPEN_BADGES_PATH = '/open-badges';
export const demoOpenBadgesPage: DemoPage = {
  path: DEMO_OPEN_BADGES_PATH,
  attributes: {
    path: DEMO_OPEN_BADGES_PATH,
    title: 'Open badges',
    description: 'Badges our issuers award after a guided training, verifiable anywhere.',
  },
  components: [
    { name: 'title', props: { title: 'Open badges', level: 1 } },
    { name: 'open-badges', props: { title: '' } },
  ],
};
export const demoOpenBadgesMenuItem: DemoMenuItem = {
  name: 'Open badges',
  page: DEMO_OPEN_BADGES_PATH,
  attributes: {},
};

/** The features a demo site serves (FEATURE_*): a feature not named is on. */
export type DemoFeatures = Partial<ResourceFeatures>;

const served = (features: DemoFeatures, feature: ResourceFeature | null) =>
  feature === null || features[feature] !== false;

/** The page of the repository search component. */
export const DEMO_REPOSITORY_SEARCH_PATH = '/find-a-technical-aid';
/** The pages of the trainings' components (issue 23). */
export const DEMO_TRAINING_RESOURCES_PATH = '/training-resources';
export const DEMO_TRAINING_REQUESTS_PATH = '/training-resource-requests';
export const DEMO_TRAININGS_PATH = '/trainings';
/** The page of the AAC products component (ADR 0064): a product at {path}/{id}, the comparison, the contributions. */
export const DEMO_AAC_PRODUCTS_PATH = '/communication-aids';

/** A community page: its title, then the component that lists (or searches) the feature's records. */
const communityPage = (path: string, title: string, description: string, name: string): DemoPage => ({
  path,
  attributes: { path, title, description },
  components: [
    { name: 'title', props: { title, level: 1 } },
    { name, props: { title: '' } },
  ],
});

/**
 * The community's pages (issue 21), each with its menu entry under "Community" and the feature that serves its
 * records (null: blog posts, always served).
 */
export const demoCommunityPages = (): Array<{
  page: DemoPage;
  menu: DemoMenuItem;
  feature: ResourceFeature | null;
}> => [
  {
    feature: 'articles',
    page: communityPage('/articles', 'Articles', 'Guides and how-tos written by the community.', 'articles'),
    menu: { name: 'Articles', page: '/articles', attributes: {} },
  },
  {
    feature: null,
    page: communityPage('/blog', 'Blog', 'News and stories from the community.', 'blog-posts'),
    menu: { name: 'Blog', page: '/blog', attributes: {} },
  },
  {
    feature: 'calendar',
    page: communityPage('/calendar', 'Events', 'Workshops, meetups and online sessions.', 'calendar'),
    menu: { name: 'Events', page: '/calendar', attributes: {} },
  },
  {
    feature: 'repository',
    page: communityPage(
      '/repository',
      'Technical aids',
      'Technical aids shared by the community: designs, files and instructions.',
      'repository',
    ),
    menu: { name: 'Technical aids', page: '/repository', attributes: {} },
  },
  {
    // the repository search component (seed 000 §2.8): its results link to the items' pages under /repository
    feature: 'repository',
    page: communityPage(
      DEMO_REPOSITORY_SEARCH_PATH,
      'Find a technical aid',
      'Search the technical aids the community shares, by words, category or tag.',
      'repository-search',
    ),
    menu: { name: 'Find a technical aid', page: DEMO_REPOSITORY_SEARCH_PATH, attributes: {} },
  },
  {
    feature: 'forum',
    page: communityPage('/forum', 'Forum', 'Ask the community, share what worked.', 'forum'),
    menu: { name: 'Forum', page: '/forum', attributes: {} },
  },
  {
    // the training resources (issue 23): a resource at {path}/{resource}, a review at {path}/reviews/{review}
    feature: 'trainings',
    page: communityPage(
      DEMO_TRAINING_RESOURCES_PATH,
      'Training resources',
      'Videos, guides and exercises the community shares to learn assistive technology, with their reviews.',
      'training-resources',
    ),
    menu: { name: 'Training resources', page: DEMO_TRAINING_RESOURCES_PATH, attributes: {} },
  },
  {
    feature: 'trainings',
    page: communityPage(
      DEMO_TRAINING_REQUESTS_PATH,
      'Resource requests',
      'Training resources members are looking for, and how to ask for one.',
      'training-resource-requests',
    ),
    menu: { name: 'Resource requests', page: DEMO_TRAINING_REQUESTS_PATH, attributes: {} },
  },
  {
    feature: 'trainings',
    page: communityPage(
      DEMO_TRAININGS_PATH,
      'Trainings',
      'Trainings with their sessions: dates and places.',
      'trainings',
    ),
    menu: { name: 'Trainings', page: DEMO_TRAININGS_PATH, attributes: {} },
  },
  {
    // the AAC products (ADR 0064): a product at {path}/{id}, {path}/compare, {path}/contribution
    feature: 'aacProducts',
    page: communityPage(
      DEMO_AAC_PRODUCTS_PATH,
      'Communication aids',
      'Devices and software for augmentative and alternative communication: compare them, suggest one.',
      'aac-products',
    ),
    menu: { name: 'Communication aids', page: DEMO_AAC_PRODUCTS_PATH, attributes: {} },
  },
];

/** The demo pages the site's features add: the rental catalogue, the open badges, the community's pages. */
export function featurePages(features: DemoFeatures = {}): DemoPage[] {
  return [
    ...(served(features, 'rental') ? [demoRentalPage] : []),
    ...(served(features, 'openBadges') ? [demoOpenBadgesPage] : []),
    ...demoCommunityPages()
      .filter((c) => served(features, c.feature))
      .map((c) => c.page),
  ];
}

/**
 * The demo menu, with the community's entries after "Contact" (under "Community"), and the rental and open badges
 * entries before the legal group, when the site serves their features.
 */
export function demoMenuFor(features: DemoFeatures = {}): DemoMenuItem[] {
  const added = [
    ...(served(features, 'rental') ? [demoRentalMenuItem] : []),
    ...(served(features, 'openBadges') ? [demoOpenBadgesMenuItem] : []),
  ];
  const community = demoCommunityPages()
    .filter((c) => served(features, c.feature))
    .map((c) => c.menu);
  const menu = demoMenu.map((item) =>
    item.name === 'Community' ? { ...item, children: [...(item.children ?? []), ...community] } : item,
  );
  const legal = menu.findIndex((item) => item.name === 'Legal');
  return [...menu.slice(0, legal), ...added, ...menu.slice(legal)];
}

export const demoRedirections = [{ name: 'Former about page', fromPath: '/who-we-are', toPath: '/about' }];
