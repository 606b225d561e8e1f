import type { PageComponent } from './pages-api.ts';

/** What names a component in the editor beside its type: its title, or a contact's name. */
export function componentTitle(component: Pick<PageComponent, 'attributes'>): string | null {
  const props = component.attributes.props;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const person = [text(props.firstName), text(props.lastName)].filter(Boolean).join(' ');
  return text(props.title) ?? (person || null);
}

/** The components with their positions renumbered in their order (as the page stream keeps them). */
export function renumbered(components: readonly PageComponent[]): PageComponent[] {
  return components.map((c, position) =>
    c.attributes.position === position ? c : { ...c, attributes: { ...c.attributes, position } },
  );
}
