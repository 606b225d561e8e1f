import { useEffect } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT, type MessageId } from '../../kit/i18n/use-t.ts';
import { Link } from '../../kit/ui/link.tsx';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { PlainLink } from '../../kit/ui/plain.tsx';
import { fluidSize } from '../../kit/theme/theme.ts';

interface Guideline {
  /** the section's id, which the table of contents and a shared address (#images) point at */
  id: string;
  title: MessageId;
  points: readonly MessageId[];
}

/** Practical habits, in the order an author meets them while writing. */
const GUIDELINES: readonly Guideline[] = [
  {
    id: 'images',
    title: 'accessibilityGuidelines.images.title',
    points: [
      'accessibilityGuidelines.images.alt',
      'accessibilityGuidelines.images.decorative',
      'accessibilityGuidelines.images.link',
      'accessibilityGuidelines.images.text',
      'accessibilityGuidelines.images.where',
    ],
  },
  {
    id: 'structure',
    title: 'accessibilityGuidelines.structure.title',
    points: [
      'accessibilityGuidelines.structure.mainHeading',
      'accessibilityGuidelines.structure.order',
      'accessibilityGuidelines.structure.meaning',
      'accessibilityGuidelines.structure.lists',
    ],
  },
  {
    id: 'links',
    title: 'accessibilityGuidelines.links.title',
    points: [
      'accessibilityGuidelines.links.text',
      'accessibilityGuidelines.links.different',
      'accessibilityGuidelines.links.files',
      'accessibilityGuidelines.links.addresses',
    ],
  },
  {
    id: 'plain-language',
    title: 'accessibilityGuidelines.plainLanguage.title',
    points: [
      'accessibilityGuidelines.plainLanguage.sentences',
      'accessibilityGuidelines.plainLanguage.words',
      'accessibilityGuidelines.plainLanguage.abbreviations',
      'accessibilityGuidelines.plainLanguage.first',
    ],
  },
  {
    id: 'colour',
    title: 'accessibilityGuidelines.colour.title',
    points: [
      'accessibilityGuidelines.colour.notAlone',
      'accessibilityGuidelines.colour.contrast',
      'accessibilityGuidelines.colour.charts',
      'accessibilityGuidelines.colour.settings',
    ],
  },
  {
    id: 'documents',
    title: 'accessibilityGuidelines.documents.title',
    points: [
      'accessibilityGuidelines.documents.pages',
      'accessibilityGuidelines.documents.pdf',
      'accessibilityGuidelines.documents.scans',
      'accessibilityGuidelines.documents.technicalAids',
    ],
  },
  {
    id: 'video-and-audio',
    title: 'accessibilityGuidelines.media.title',
    points: [
      'accessibilityGuidelines.media.captions',
      'accessibilityGuidelines.media.transcripts',
      'accessibilityGuidelines.media.autoplay',
      'accessibilityGuidelines.media.flashes',
    ],
  },
  {
    id: 'tables',
    title: 'accessibilityGuidelines.tables.title',
    points: [
      'accessibilityGuidelines.tables.data',
      'accessibilityGuidelines.tables.headers',
      'accessibilityGuidelines.tables.simple',
      'accessibilityGuidelines.tables.introduce',
    ],
  },
  {
    id: 'forms',
    title: 'accessibilityGuidelines.forms.title',
    points: [
      'accessibilityGuidelines.forms.labels',
      'accessibilityGuidelines.forms.required',
      'accessibilityGuidelines.forms.instructions',
      'accessibilityGuidelines.forms.few',
    ],
  },
  {
    id: 'languages',
    title: 'accessibilityGuidelines.languages.title',
    points: [
      'accessibilityGuidelines.languages.pageLanguage',
      'accessibilityGuidelines.languages.translations',
      'accessibilityGuidelines.languages.quotes',
      'accessibilityGuidelines.languages.idioms',
    ],
  },
];

const HELP_ID = 'help';

const Body = styled.div`
  max-width: 48rem;
  overflow-wrap: break-word;
  section {
    /* clear of the sticky top bar when a link of the contents scrolls to it */
    scroll-margin-top: 5rem;
  }
  h2 {
    font-size: ${fluidSize(1.5, 1.125)};
    margin: 2rem 0 0.75rem;
  }
  ul,
  ol {
    padding-left: 1.25rem;
  }
  li {
    margin: 0.5rem 0;
  }
`;

const Contents = styled.nav`
  ol {
    /* two columns when they fit, one on a phone or with large text */
    columns: 15rem;
    column-gap: 2rem;
    margin: 0;
  }
  li {
    break-inside: avoid;
    margin: 0;
    padding: 0.25rem 0;
  }
`;

/** The heading of a section takes the focus, so that keyboard and screen-reader users continue from there. */
function focusSection(id: string): boolean {
  const heading = document.getElementById(id)?.querySelector<HTMLElement>('h2');
  if (!heading) return false;
  heading.focus();
  return true;
}

/**
 * /services/accessibility-guidelines (seed 000 §2.2): how members and editors make what they publish accessible
 * to every member, in short sections after a table of contents. /accessibility says what the site itself does.
 */
export function AccessibilityGuidelinesScreen() {
  const t = useT();
  usePageTitle(t('accessibilityGuidelines.title'));

  // an address that names a section (shared from the contents) opens there once the screen has loaded
  useEffect(() => {
    // the sections' ids are plain words: nothing to decode
    const id = window.location.hash.slice(1);
    if (id) focusSection(id);
  }, []);

  const sections = [
    ...GUIDELINES.map((g) => ({ id: g.id, title: g.title })),
    { id: HELP_ID, title: 'accessibilityGuidelines.help.title' as const },
  ];

  return (
    <PageContainer>
      <h1>{t('accessibilityGuidelines.title')}</h1>
      <Lead>{t('accessibilityGuidelines.intro')}</Lead>
      <Body>
        <Contents aria-labelledby="guidelines-contents">
          <h2 id="guidelines-contents">{t('accessibilityGuidelines.contents')}</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <PlainLink
                  href={`#${s.id}`}
                  onClick={(event) => {
                    if (!focusSection(s.id)) return;
                    event.preventDefault();
                    history.replaceState(history.state, '', `#${s.id}`);
                  }}
                >
                  {t(s.title)}
                </PlainLink>
              </li>
            ))}
          </ol>
        </Contents>
        {GUIDELINES.map((g) => (
          <section key={g.id} id={g.id}>
            <h2 tabIndex={-1}>{t(g.title)}</h2>
            <ul>
              {g.points.map((point) => (
                <li key={point}>{t(point)}</li>
              ))}
            </ul>
          </section>
        ))}
        <section id={HELP_ID}>
          <h2 tabIndex={-1}>{t('accessibilityGuidelines.help.title')}</h2>
          <p>{t('accessibilityGuidelines.help.contact')}</p>
          <p>
            <Link href="/accessibility">{t('accessibilityGuidelines.help.accessibilityLink')}</Link>
          </p>
        </section>
      </Body>
    </PageContainer>
  );
}
