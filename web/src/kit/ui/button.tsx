import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import {
  buttonLook,
  disabledLook,
  focusRingLook,
  hoveredLook,
  pressedLook,
  type ButtonSize,
  type ButtonVariant,
} from './button-look.ts';

export type { ButtonSize, ButtonVariant };

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: React.Ref<HTMLButtonElement>;
}

/** Shared look of buttons and button-like links; pressed and focus states come from react-aria's data attributes. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonLook}
  &[data-hovered] {
    ${hoveredLook}
  }
  &[data-pressed] {
    ${pressedLook}
  }
  &[data-focus-visible] {
    ${focusRingLook}
  }
  &[data-disabled] {
    ${disabledLook}
  }
`;

const StyledButton = styled(AriaButton)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export function Button({ variant = 'primary', size = 'medium', ...props }: ButtonProps) {
  return <StyledButton $variant={variant} $size={size} {...props} />;
}

/** A square button that shows only an icon: its accessible name is required. */
export function IconButton(props: Omit<ButtonProps, 'aria-label'> & { 'aria-label': string }) {
  return <Button variant="text" {...props} className="icon-button" />;
}
