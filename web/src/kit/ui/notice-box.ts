import styled from 'styled-components';

export type NoticeTone = 'error' | 'info' | 'success' | 'warning';

/**
 * A boxed message in the tone's colour (a thick left border, raised surface): form-level errors, confirmations,
 * lockouts. Focusable by script only when given tabIndex -1, with a visible focus ring then.
 */
export const NoticeBox = styled.div<{ $tone: NoticeTone }>`
  border-left: 6px solid ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  padding: 0.75rem 1rem;
  border-radius: 0.375rem;
  margin: 0 0 1.25rem;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  p,
  h2,
  h3 {
    margin: 0;
  }
  * + p {
    margin-top: 0.5rem;
  }
`;
