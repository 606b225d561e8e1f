import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import { fluidSize, fluidSpace } from '../theme/theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
}

/** Shared look of buttons and button-like links; pressed and focus states come from react-aria's data attributes. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: 'small' | 'medium' }>`
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
  &[data-hovered] {
    filter: brightness(${({ theme }) => (theme.mode === 'dark' ? 1.12 : 0.92)});
  }
  &[data-pressed] {
    transform: scale(0.97);
  }
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

const StyledButton = styled(AriaButton)<{ $variant: ButtonVariant; $size: 'small' | 'medium' }>`
  ${buttonStyles}
`;

export function Button({ variant = 'primary', size = 'medium', ...props }: ButtonProps) {
  return <StyledButton $variant={variant} $size={size} {...props} />;
}

/** A square button that shows only an icon: its accessible name is required. */
export function IconButton(props: Omit<ButtonProps, 'aria-label'> & { 'aria-label': string }) {
  return <Button variant="text" {...props} className="icon-button" />;
}
