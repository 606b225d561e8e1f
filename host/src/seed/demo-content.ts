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

/** The demo pages the site's features add: the rental catalogue, the open badges. */
export function featurePages(features: { rental?: boolean; openBadges?: boolean } = {}): DemoPage[] {
  return [
    ...(features.rental === false ? [] : [demoRentalPage]),
    ...(features.openBadges === false ? [] : [demoOpenBadgesPage]),
  ];
}

/**
 * The demo menu, with the rental and open badges entries before the legal group when the site serves their
 * features.
 */
export function demoMenuFor(features: { rental?: boolean; openBadges?: boolean } = {}): DemoMenuItem[] {
  const added = [
    ...(features.rental === false ? [] : [demoRentalMenuItem]),
    ...(features.openBadges === false ? [] : [demoOpenBadgesMenuItem]),
  ];
  const legal = demoMenu.findIndex((item) => item.name === 'Legal');
  return [...demoMenu.slice(0, legal), ...added, ...demoMenu.slice(legal)];
}

export const demoRedirections = [{ name: 'Former about page', fromPath: '/who-we-are', toPath: '/about' }];
