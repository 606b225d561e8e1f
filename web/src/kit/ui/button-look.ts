import { css } from 'styled-components';
import { fluidSize, fluidSpace } from '../theme/theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
export type ButtonSize = 'small' | 'medium';

/**
 * The look of buttons and button-like links, without their states: react-aria's controls (button.tsx, link.tsx)
 * take their states from its data attributes, the native ones of the first screen (plain.tsx) from the browser's
 * pseudo-classes; both look alike in every state.
 */
export const buttonLook = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5em;
  min-height: ${({ $size }) => ($size === 'small' ? '2rem' : '2.75rem')};
  /* side padding and the square minimum give way a little when large text meets a narrow window */
  min-width: ${fluidSize(2.75, 1.375)};
  /*
   * never wider than its container: a long label wraps inside the button instead, even inside one word when a
   * wide reading font at the largest size makes that word wider than a phone (\`anywhere\`, unlike
   * \`break-word\`, lets the button's minimum width shrink, so a flex row of buttons wraps within the viewport)
   */
  max-width: 100%;
  text-align: center;
  overflow-wrap: anywhere;
  padding: ${({ $size }) =>
    $size === 'small' ? `0.25rem ${fluidSpace(0.75)}` : `0.5rem ${fluidSpace(1.25)}`};
  border-radius: 0.5rem;
  border: 2px solid transparent;
  font: inherit;
  font-weight: 600;
  letter-spacing: inherit;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms,
    transform 80ms;
  ${({ $variant, theme }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
        `;
      case 'danger':
        return css`
          background: ${c.error};
          color: ${theme.mode === 'dark' ? c.background : '#fff'};
        `;
      case 'secondary':
        return css`
          background: transparent;
          color: ${c.primary};
          border-color: ${c.primary};
        `;
      default:
        return css`
          background: transparent;
          color: inherit;
        `;
    }
  }}
  svg {
    flex: none;
  }
  &.icon-button {
    padding: 0.5rem;
  }
`;

/** The look of a link in running text (link.tsx's Link, plain.tsx's PlainLink), without its states. */
export const textLinkLook = css`
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;
  border-radius: 0.125rem;
`;

/** The states of a button, react-aria's (its data attributes) or the browser's (the native elements). */
export const hoveredLook = css`
  filter: brightness(${({ theme }) => (theme.mode === 'dark' ? 1.12 : 0.92)});
`;
export const pressedLook = css`
  transform: scale(0.97);
`;
export const focusRingLook = css`
  outline: 3px solid ${({ theme }) => theme.colors.focus};
  outline-offset: 2px;
`;
export const disabledLook = css`
  opacity: 0.55;
  cursor: not-allowed;
`;
