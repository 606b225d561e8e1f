import {
  Children,
  isValidElement,
  lazy,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/** A screen whose code loads when it is first rendered, or earlier when asked (`preload`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound on what it loads
export type LazyScreen<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  preload(): Promise<unknown>;
};

/**
 * React's `lazy`, with the load also reachable from outside: a route asks for its screen's code while the
 * messages it waits for are still on their way (frame/app.tsx), instead of after them. Both share one load; a
 * failed load is forgotten, so that the next render tries again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyScreen<T> {
  let started: Promise<{ default: T }> | null = null;
  const once = () => {
    started ??= load().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };
  return Object.assign(lazy(once), { preload: once });
}

const isLazyScreen = (type: unknown): type is { preload(): Promise<unknown> } =>
  typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function';

/**
 * Starts the code of every lazy screen in an element tree as written (a route's children: guards and screens),
 * without rendering it. What the tree renders later (a screen's own parts) is not reached.
 */
export function preloadScreensIn(node: ReactNode): void {
  Children.forEach(node, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    if (isLazyScreen(child.type)) void child.type.preload().catch(() => undefined);
    preloadScreensIn(child.props.children);
  });
}
