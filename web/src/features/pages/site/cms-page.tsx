import { useEffect, useLayoutEffect, useMemo } from 'react';
import styled from 'styled-components';
import type { RouteComponent } from '../../../kit/api/documents.ts';
import { FEATURES } from '../../../kit/build-info.ts';
import { revealApp } from '../../../kit/loading/reveal.ts';
import { VisuallyHidden } from '../../../kit/ui/visually-hidden.tsx';
import { BackToTop } from './back-to-top.tsx';
import { BlockContextValue, Section, type BlockContext } from './components/block.tsx';
import { scopedStyles } from './components/scoped-styles.ts';
import { goToSection, PageNavigation } from './page-navigation.tsx';
import { CmsSubRouteContext, type CmsSubRoute } from './sub-route.ts';
import { CmsBlock, loadCmsBlock, parseCmsComponent, type ParsedComponent } from './registry.tsx';
import { navigationEntries, sectionId, sectionTitle, type SectionSource } from './sections.ts';
import { fluidSize, fluidSpace } from '../../../kit/theme/theme.ts';
import { useRecordView } from '../../../kit/stats/record-stats.ts';
import { usePageTitle } from '../../../kit/routing/page-title.ts';

/** seed 000 §2.7, §9: a hash in the URL scrolls to its element after 50 ms */
export const HASH_SCROLL_DELAY_MS = 50;

const Floating = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 40;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.5rem;
  > * {
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  }
  /* with large text on a narrow window the floating buttons stay small enough not to hide the page */
  @media ${({ theme }) => theme.media.mobile} {
    right: ${fluidSpace(1)};
    bottom: ${fluidSpace(1)};
    > button {
      min-width: ${fluidSize(2.75, 2.75 / 2)};
      min-height: ${fluidSize(2.75, 2.75 / 2)};
      padding: ${fluidSpace(0.5)};
      font-size: ${fluidSize(1, 0.75)};
    }
  }
`;

interface PlacedComponent {
  source: SectionSource;
  parsed: ParsedComponent;
  context: BlockContext;
  titled: boolean;
}

/** The first block that shows a level-1 heading: a hero with a title, or a title of level 1. */
function ownsH1(parsed: ParsedComponent): boolean {
  if (parsed.type === 'hero') return parsed.props.title.trim() !== '';
  return parsed.type === 'title' && parsed.props.level === 1;
}

export interface CmsPageProps {
  pageId: string;
  title: string;
  styles: string;
  components: readonly RouteComponent[];
  /** a component's sub-route: its component names the page (no hidden h1 with the page's title) */
  subRoute?: CmsSubRoute | null;
  /** whether showing the page records a view of it (default true; not the page editor's preview of a draft) */
  recordsView?: boolean;
  /**
   * The screen's name when this page is the screen (the CMS route): set once the page shows, so that the document
   * title and the announcement come with the page, and the app's frame does not reveal itself before the page's
   * blocks are there (app.tsx). Null when something else names the screen (a preview, a component's sub-route).
   */
  names?: { title: string; description?: string | null } | null;
}

/**
 * A CMS page (seed 000 §2.7): its components in order, each in a section with its id (viewId or
 * page-section-{position}) and, for inverseBackground, the inverted colours; the page-navigation drawer and
 * back-to-top button; the hash scroll. The page has one h1: its first hero or level-1 title, else a hidden one.
 */
export function CmsPage({
  pageId,
  title,
  styles,
  components,
  subRoute = null,
  recordsView = true,
  names = null,
}: CmsPageProps) {
  const placed = useMemo<PlacedComponent[]>(() => {
    let h1Taken = false;
    return components.flatMap((c) => {
      const parsed = parseCmsComponent(c.attributes.name, c.attributes.props);
      if (!parsed) return [];
      const source: SectionSource = c.attributes;
      const id = sectionId(source);
      const owns = !h1Taken && ownsH1(parsed);
      h1Taken ||= owns;
      return [
        {
          source,
          parsed,
          titled: sectionTitle(source) !== null,
          context: { sectionId: id, headingId: `${id}-title`, ownsPageHeading: owns },
        },
      ];
    });
  }, [components]);
  // every block type of the page loads at once, not one after the other as each block suspends
  for (const { parsed } of placed) loadCmsBlock(parsed.type).catch(() => undefined);
  const entries = useMemo(() => navigationEntries(placed.map((p) => p.source)), [placed]);
  const hasH1 = placed.some((p) => p.context.ownsPageHeading);

  // a view of the page itself; a component's sub-route (an article, a repository item) records its own item
  useRecordView(subRoute || !recordsView ? null : { type: 'app-pages', id: pageId });

  // the page the server painted (ADR 0018) is now the app's own: it takes its place before the next frame
  useLayoutEffect(() => revealApp(), []);
  usePageTitle(names?.title ?? null, names?.description);

  // the URL's hash, on arrival and when it changes, once this page's sections exist
  useEffect(() => {
    const scrollToHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id) goToSection(id, HASH_SCROLL_DELAY_MS);
    };
    scrollToHash();
    window.addEventListener('hashchange', scrollToHash);
    return () => window.removeEventListener('hashchange', scrollToHash);
  }, [pageId]);

  const pageStyles = scopedStyles(styles, `cms-page-${pageId}`);
  return (
    <CmsSubRouteContext.Provider value={subRoute}>
      <div id={`cms-page-${pageId}`} data-testid="cms-page">
        {pageStyles ? <style>{pageStyles}</style> : null}
        {hasH1 || subRoute ? null : <VisuallyHidden as="h1">{title}</VisuallyHidden>}
        {placed.map(({ source, parsed, context, titled }) => (
          <Section
            key={`${source.position}-${context.sectionId}`}
            id={context.sectionId}
            labelledBy={titled ? context.headingId : null}
            inverse={parsed.props.inverseBackground}
          >
            <BlockContextValue.Provider value={context}>
              <CmsBlock component={parsed} />
            </BlockContextValue.Provider>
          </Section>
        ))}
        <Floating>
          {FEATURES.pageNavigation ? <PageNavigation entries={entries} /> : null}
          <BackToTop />
        </Floating>
      </div>
    </CmsSubRouteContext.Provider>
  );
}
