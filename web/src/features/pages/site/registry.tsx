import { Component, type ComponentType as ReactComponentType, type ErrorInfo, type ReactNode } from 'react';
import {
  COMPONENT_PROPS,
  isComponentType,
  type ComponentProps,
  type ComponentType,
} from '@platform/contracts/pages/components';
import { ButtonsBlock } from './components/buttons-block.tsx';
import { Charter } from './components/charter.tsx';
import { Clients } from './components/clients.tsx';
import { CommunityNumbers } from './components/community-numbers.tsx';
import { ContactCard } from './components/contact-card.tsx';
import { Contact } from './components/contact.tsx';
import { ContentBlock } from './components/content-block.tsx';
import { CouponsBlock } from './components/coupons-block.tsx';
import { CustomBlock } from './components/custom-block.tsx';
import { Hero } from './components/hero.tsx';
import { ImageBanner } from './components/image-banner.tsx';
import { Testimonials } from './components/testimonials.tsx';
import { TitleBlock } from './components/title-block.tsx';
import { UseCases } from './components/use-cases.tsx';
import { VideoBlock } from './components/video-block.tsx';

type Renderers = { [T in ComponentType]: ReactComponentType<{ props: ComponentProps<T> }> };

/**
 * Component type -> React component. Props are parsed with the same zod schemas the command side validated them
 * with (contracts/src/pages/components.ts), so a block renders exactly what an editor could save. Listing every
 * type of the contract here is checked by the compiler: a new type cannot be forgotten.
 */
export const CMS_COMPONENTS: Renderers = {
  hero: Hero,
  'image-banner': ImageBanner,
  title: TitleBlock,
  content: ContentBlock,
  buttons: ButtonsBlock,
  video: VideoBlock,
  testimonials: Testimonials,
  clients: Clients,
  'use-cases': UseCases,
  contact: Contact,
  'contact-card': ContactCard,
  custom: CustomBlock,
  'community-numbers': CommunityNumbers,
  charter: Charter,
  coupons: CouponsBlock,
};

export type ParsedComponent = { [T in ComponentType]: { type: T; props: ComponentProps<T> } }[ComponentType];

/**
 * A stored component as something the page can render, or null (with a warning for the developers) when its
 * type is unknown to this build or its props do not parse: a visitor then sees the rest of the page.
 */
export function parseCmsComponent(name: string, rawProps: unknown): ParsedComponent | null {
  if (!isComponentType(name)) {
    console.warn(`[cms] unknown component type "${name}": not rendered`);
    return null;
  }
  const parsed = COMPONENT_PROPS[name].safeParse(rawProps ?? {});
  if (!parsed.success) {
    console.warn(`[cms] props of a "${name}" component do not parse: not rendered`, parsed.error.issues);
    return null;
  }
  return { type: name, props: parsed.data } as ParsedComponent;
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

export function CmsBlock({ component }: { component: ParsedComponent }) {
  const Renderer = CMS_COMPONENTS[component.type] as ReactComponentType<{ props: unknown }>;
  return (
    <BlockBoundary name={component.type}>
      <Renderer props={component.props} />
    </BlockBoundary>
  );
}
