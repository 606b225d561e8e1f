import { isCmsComponentType } from './registry.tsx';

/** What the page display needs of a component (the resolver's app-page-components attributes, props read by the contract). */
export interface SectionSource {
  name: string;
  viewId: string | null;
  position: number;
  props: Record<string, unknown>;
}

/** The section element's id (seed 000 §3): the editor's viewId, else `page-section-{position}`. */
export function sectionId(component: Pick<SectionSource, 'viewId' | 'position'>): string {
  const viewId = component.viewId?.trim();
  return viewId ? viewId : `page-section-${component.position}`;
}

/** The title a section shows, when its type has one and the editor filled it in. */
export function sectionTitle(component: SectionSource): string | null {
  if (!isCmsComponentType(component.name)) return null;
  const props = component.props;
  if (component.name === 'contact-card') {
    return `${String(props.firstName)} ${String(props.lastName)}`.trim() || null;
  }
  const title = typeof props.title === 'string' ? props.title.trim() : '';
  return title === '' ? null : title;
}

export interface NavigationEntry {
  id: string;
  title: string;
}

/**
 * The page-navigation drawer lists the sections that have a title (seed 000 §2.7), and exists only when there
 * is more than one of them: a single entry would be a menu of one.
 */
export function navigationEntries(components: readonly SectionSource[]): NavigationEntry[] {
  const entries = components.flatMap((c) => {
    const title = sectionTitle(c);
    return title ? [{ id: sectionId(c), title }] : [];
  });
  return entries.length > 1 ? entries : [];
}
