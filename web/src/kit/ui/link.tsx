import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from './button.tsx';
import { focusRingLook, textLinkLook } from './button-look.ts';
import { NewTabNote } from './plain.tsx';

export interface LinkProps extends Omit<AriaLinkProps, 'children'> {
  children?: React.ReactNode;
  /** opens in a new tab, with rel=noopener and a note for screen readers (seed 000 §5) */
  external?: boolean;
}

const StyledLink = styled(AriaLink)`
  ${textLinkLook}
  &[data-hovered] {
    text-decoration-thickness: 2px;
  }
  &[data-focus-visible] {
    ${focusRingLook}
  }
`;

/**
 * Internal hrefs navigate in the app (RouterProvider in app.tsx); external ones open a new tab safely.
 */
export function Link({ external, children, ...props }: LinkProps) {
  return (
    <StyledLink {...props} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {external ? <NewTabNote /> : null}
    </StyledLink>
  );
}

const StyledButtonLink = styled(AriaLink)<{ $variant: ButtonVariant; $size: 'small' | 'medium' }>`
  ${buttonStyles}
`;

/** A link that looks like a button (calls to action). */
export function ButtonLink({
  external,
  children,
  variant = 'primary',
  size = 'medium',
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: 'small' | 'medium' }) {
  return (
    <StyledButtonLink
      $variant={variant}
      $size={size}
      {...props}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <NewTabNote /> : null}
    </StyledButtonLink>
  );
}
