import {
  Component,
  use,
  type ComponentType as ReactComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { ComponentProps, ComponentType } from '@platform/contracts/pages/components';
import { withAllMessages } from '../../../kit/i18n/later-messages.tsx';
type Renderer<T extends ComponentType> = ReactComponentType<{ props: ComponentProps<T> }>;
type Loaders = { [T in ComponentType]: () => Promise<Renderer<T>> };

/**
 * Component type -> the module of its React component, loaded when a page first shows a block of that type
 * (issue 16: a member's first screen does not download the blocks no page of theirs shows). Props come read by
 * the contract's schemas (contracts/src/pages/components.ts): the route resolver answers them so, and the page
 * editor's preview reads its own so (readComponentProps), which keeps zod out of a page's first screen (ADR
 * 0046). Listing every type of the contract here is checked by the compiler: a new type cannot be forgotten.
 */
const CMS_COMPONENTS: Loaders = {
  hero: () => import('./components/hero.tsx').then((m) => m.Hero),
  'image-banner': () => import('./components/image-banner.tsx').then((m) => m.ImageBanner),
  title: () => import('./components/title-block.tsx').then((m) => m.TitleBlock),
  content: () => import('./components/content-block.tsx').then((m) => m.ContentBlock),
  buttons: () => import('./components/buttons-block.tsx').then((m) => m.ButtonsBlock),
  video: () => import('./components/video-block.tsx').then((m) => m.VideoBlock),
  testimonials: () => import('./components/testimonials.tsx').then((m) => m.Testimonials),
  clients: () => import('./components/clients.tsx').then((m) => m.Clients),
  'use-cases': () => import('./components/use-cases.tsx').then((m) => m.UseCases),
  contact: () => import('./components/contact.tsx').then((m) => m.Contact),
  'contact-card': () => import('./components/contact-card.tsx').then((m) => m.ContactCard),
  custom: () => import('./components/custom-block.tsx').then((m) => m.CustomBlock),
  'community-numbers': () => import('./components/community-numbers.tsx').then((m) => m.CommunityNumbers),
  charter: () => import('./components/charter.tsx').then((m) => m.Charter),
  // the blocks of a module with words of its own: shown with every message (kit/i18n/load-messages.ts)
  coupons: () => import('./components/coupons-block.tsx').then((m) => withAllMessages(m.CouponsBlock)),
  // its words travel with the first screen's (kit/i18n/message-chunks.ts): a home page's survey needs no others
  survey: () => import('./components/survey-block.tsx').then((m) => m.SurveyBlock),
  'rental-models': () =>
    import('./components/rental-models-block.tsx').then((m) => withAllMessages(m.RentalModelsBlock)),
  'open-badges': () =>
    import('./components/open-badges-block.tsx').then((m) => withAllMessages(m.OpenBadgesBlock)),
  'selected-open-badges': () =>
    import('./components/open-badges-block.tsx').then((m) => withAllMessages(m.SelectedOpenBadgesBlock)),
  repository: () =>
    import('./components/repository-block.tsx').then((m) => withAllMessages(m.RepositoryBlock)),
  'repository-search': () =>
    import('./components/repository-search-block.tsx').then((m) => withAllMessages(m.RepositorySearchBlock)),
  forum: () => import('./components/forum-block.tsx').then((m) => withAllMessages(m.ForumBlock)),
  articles: () => import('./components/publications-block.tsx').then((m) => withAllMessages(m.ArticlesBlock)),
  'blog-posts': () =>
    import('./components/publications-block.tsx').then((m) => withAllMessages(m.BlogPostsBlock)),
  calendar: () => import('./components/calendar-block.tsx').then((m) => withAllMessages(m.CalendarBlock)),
  'global-search': () =>
    import('./components/global-search-block.tsx').then((m) => withAllMessages(m.GlobalSearchBlock)),
  'training-resources-search': () =>
    import('./components/trainings-blocks.tsx').then((m) => withAllMessages(m.TrainingResourcesSearchBlock)),
  'training-resources': () =>
    import('./components/trainings-blocks.tsx').then((m) => withAllMessages(m.TrainingResourcesBlock)),
  'selected-training-resources': () =>
    import('./components/trainings-blocks.tsx').then((m) =>
      withAllMessages(m.SelectedTrainingResourcesBlock),
    ),
  'training-resource-requests': () =>
    import('./components/trainings-blocks.tsx').then((m) => withAllMessages(m.TrainingResourceRequestsBlock)),
  'selected-training-resource-requests': () =>
    import('./components/trainings-blocks.tsx').then((m) =>
      withAllMessages(m.SelectedTrainingResourceRequestsBlock),
    ),
  trainings: () => import('./components/trainings-blocks.tsx').then((m) => withAllMessages(m.TrainingsBlock)),
  'selected-trainings': () =>
    import('./components/trainings-blocks.tsx').then((m) => withAllMessages(m.SelectedTrainingsBlock)),
  'aac-products': () =>
    import('./components/aac-products-block.tsx').then((m) => withAllMessages(m.AacProductsBlock)),
};

/** Whether this build knows the component type (the contract's list, as CMS_COMPONENTS holds it). */
export function isCmsComponentType(name: string): name is ComponentType {
  return Object.hasOwn(CMS_COMPONENTS, name);
}

const loading = new Map<ComponentType, Promise<ReactComponentType<{ props: unknown }>>>();

/**
 * The component of a block type, loaded once. A page asks for all its types at once before it renders
 * (cms-page.tsx), so that they load side by side and the page shows whole.
 */
export function loadCmsBlock(type: ComponentType): Promise<ReactComponentType<{ props: unknown }>> {
  let found = loading.get(type);
  if (!found) {
    found = (CMS_COMPONENTS[type] as () => Promise<ReactComponentType<{ props: unknown }>>)();
    // a chunk that failed to load is asked for again by the next page that shows one
    found.catch(() => loading.delete(type));
    loading.set(type, found);
  }
  return found;
}

export type ParsedComponent = { [T in ComponentType]: { type: T; props: ComponentProps<T> } }[ComponentType];

/**
 * A component whose props the contract has read (the resolver's answer) as something the page can render, or null
 * (with a warning for the developers) when its type is unknown to this build: a visitor then sees the rest of the
 * page. A block that still fails to render with its props disappears alone (BlockBoundary).
 */
export function parseCmsComponent(name: string, props: Record<string, unknown>): ParsedComponent | null {
  if (!isCmsComponentType(name)) {
    console.warn(`[cms] unknown component type "${name}": not rendered`);
    return null;
  }
  return { type: name, props } as ParsedComponent;
}

/** A block that throws while rendering disappears alone instead of taking the page down. */
export class BlockBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(
      `[cms] a "${this.props.name}" component failed to render: hidden`,
      error,
      info.componentStack,
    );
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The block itself: suspends the page until its type has loaded (the page's Suspense boundary, cms-route.tsx). */
function LoadedBlock({ component }: { component: ParsedComponent }) {
  const Renderer = use(loadCmsBlock(component.type));
  return <Renderer props={component.props} />;
}

export function CmsBlock({ component }: { component: ParsedComponent }) {
  // a block whose module failed to load is hidden like one that failed to render
  return (
    <BlockBoundary name={component.type}>
      <LoadedBlock component={component} />
    </BlockBoundary>
  );
}
