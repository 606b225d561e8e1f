import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

type Labelled = { 'aria-label': string } | { 'aria-labelledby': string };

export type ScrollRegionProps = React.HTMLAttributes<HTMLDivElement> & Labelled;

/*
 * Positioned, so that what is absolutely positioned inside (a visually hidden text) scrolls and is clipped with the
 * rest: a region scrolls only what has it in its containing block chain, and a sort button's hidden words past the
 * right edge of a wide table made the whole page scroll sideways.
 */
const Root = styled.div`
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * What must stay wider than the screen (a data table with large text on a phone) scrolls inside this region
 * instead of the page (WCAG 1.4.10). The region is named, and while its content is wider than itself it is a
 * tab stop, so that keyboard users can scroll it with the arrow keys (a region that fits is not: one stop
 * less). A tabIndex given by the caller is kept while the content fits (e.g. -1, focusable by script).
 */
export const ScrollRegion = forwardRef<HTMLDivElement, ScrollRegionProps>(function ScrollRegion(
  { tabIndex, role = 'region', children, ...props },
  forwarded,
) {
  const own = useRef<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof forwarded === 'function') forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
  useEffect(() => {
    const node = own.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(node.scrollWidth > node.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <Root ref={ref} role={role} tabIndex={overflowing ? 0 : tabIndex} {...props}>
      {children}
    </Root>
  );
});
