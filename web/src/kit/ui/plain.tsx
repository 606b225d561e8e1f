import { createContext, useContext } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n/use-t.ts';
import {
  buttonLook,
  disabledLook,
  focusRingLook,
  hoveredLook,
  pressedLook,
  textLinkLook,
  type ButtonSize,
  type ButtonVariant,
} from './button-look.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

/*
 * The controls of the first screen's frame (ADR 0047): the top bar, the footer, the CMS page's own buttons and
 * its blocks' links. They are the browser's own <button> and <a>, with the look of button.tsx and link.tsx, so
 * that a page shows and answers the keyboard before any of react-aria's code has loaded; everything else (forms,
 * menus, dialogs, drawers, the screens) uses react-aria's. Keyboard, focus and names are the browser's: Enter and
 * Space press a button, Enter follows a link, the focus ring shows on :focus-visible.
 */

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonLook}
  @media (hover: hover) {
    &:hover:not(:disabled) {
      ${hoveredLook}
    }
  }
  &:active:not(:disabled) {
    ${pressedLook}
  }
  &:focus-visible {
    ${focusRingLook}
  }
  &:disabled {
    ${disabledLook}
  }
`;

export interface PlainButtonProps extends Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** a submit button only when asked: a button of the frame never submits a form around it */
  type?: 'button' | 'submit';
  ref?: React.Ref<HTMLButtonElement>;
}

/** A native button that looks like ui/button.tsx's Button. */
export function PlainButton({
  variant = 'primary',
  size = 'medium',
  type = 'button',
  ...props
}: PlainButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} {...props} />;
}

/** A square native button that shows only an icon: its accessible name is required. */
export function PlainIconButton(props: Omit<PlainButtonProps, 'aria-label'> & { 'aria-label': string }) {
  return <PlainButton variant="text" {...props} className="icon-button" />;
}

export interface PlainLinkProps extends React.AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** opens in a new tab, with rel=noopener and a note for screen readers (seed 000 §5) */
  external?: boolean;
}

const TextLink = styled.a`
  ${textLinkLook}
  @media (hover: hover) {
    &:hover {
      text-decoration-thickness: 2px;
    }
  }
  &:focus-visible {
    ${focusRingLook}
  }
`;

const LinkAsButton = styled.a<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonLook}
  @media (hover: hover) {
    &:hover {
      ${hoveredLook}
    }
  }
  &:active {
    ${pressedLook}
  }
  &:focus-visible {
    ${focusRingLook}
  }
`;

/** Told to screen readers after a link that opens a new tab (ui/link.tsx's links too). */
export function NewTabNote() {
  const t = useT();
  return <VisuallyHidden> {t('app.opensInNewTab')}</VisuallyHidden>;
}

const LinkNavigation = createContext<((href: string) => void) | null>(null);

/**
 * How this site's links navigate in the app: given by the router (kit/routing/router.tsx, with its prevent-leave
 * guard), as react-aria's RouterProvider is for its own links. Without one (a block rendered alone) the browser
 * follows them.
 */
export const PlainLinkRouter = LinkNavigation.Provider;

/**
 * A click the app follows, by react-aria's RouterProvider's rule: a plain left click on a link to this origin, in
 * this tab, not a download.
 */
function followsInApp(event: React.MouseEvent<HTMLAnchorElement>): boolean {
  const link = event.currentTarget;
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  return link.getAttribute('href') !== null && link.origin === window.location.origin;
}

/** What a link does on a click: this site's links navigate in the app. */
function useLinkProps({ external, onClick, children }: PlainLinkProps) {
  const navigate = useContext(LinkNavigation);
  return {
    ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!navigate || !followsInApp(event)) return;
      event.preventDefault();
      navigate(event.currentTarget.getAttribute('href')!);
    },
    children: (
      <>
        {children}
        {external ? <NewTabNote /> : null}
      </>
    ),
  };
}

/** A native link that looks like ui/link.tsx's Link. */
export function PlainLink(props: PlainLinkProps) {
  const { external: _external, ...rest } = props;
  return <TextLink {...rest} {...useLinkProps(props)} />;
}

/** A native link that looks like a button (calls to action), as ui/link.tsx's ButtonLink. */
export function PlainButtonLink({
  variant = 'primary',
  size = 'medium',
  ...props
}: PlainLinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  const { external: _external, ...rest } = props;
  return <LinkAsButton $variant={variant} $size={size} {...rest} {...useLinkProps(props)} />;
}
