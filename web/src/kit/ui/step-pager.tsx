import styled from 'styled-components';
import { Button } from './button.tsx';

const PagerRoot = styled.nav<{ $spaced: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $spaced }) => ($spaced ? 'normal' : 'center')};
  gap: ${({ $spaced }) => ($spaced ? '0.75rem' : '1rem')};
  margin-top: ${({ $spaced }) => ($spaced ? '1.5rem' : '0')};
`;

/** The words of a pager, in the screen's own messages. */
export interface StepPagerWords {
  previous: string;
  next: string;
  position: (page: number, pages: number) => string;
  /** the position in a list that counted no further than `pages` (ADR 0045): "page 3 of 84 or more" */
  positionOfMore?: (page: number, pages: number) => string;
}

/**
 * Previous / next over a list read page by page, inside a navigation landmark named by `label`; nothing for a
 * single page. `live` reads the new position out when it changes (a member's list); `compact` is the back office's.
 * `more`: the list counted no further than `totalPages` (ADR 0045), so next stays open past it; the next page's
 * answer counts further.
 */
export function StepPager({
  page,
  totalPages,
  label,
  words,
  onPage,
  compact = false,
  live = false,
  more = false,
}: {
  page: number;
  totalPages: number;
  label: string;
  words: StepPagerWords;
  onPage: (page: number) => void;
  compact?: boolean;
  live?: boolean;
  more?: boolean;
}) {
  if (totalPages <= 1 && !more) return null;
  const size = compact ? 'small' : undefined;
  return (
    <PagerRoot aria-label={label} $spaced={!compact}>
      <Button variant="secondary" size={size} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {words.previous}
      </Button>
      <span aria-live={live ? 'polite' : undefined}>
        {more && words.positionOfMore
          ? words.positionOfMore(page, totalPages)
          : words.position(page, totalPages)}
      </span>
      <Button
        variant="secondary"
        size={size}
        isDisabled={page >= totalPages && !more}
        onPress={() => onPage(page + 1)}
      >
        {words.next}
      </Button>
    </PagerRoot>
  );
}
