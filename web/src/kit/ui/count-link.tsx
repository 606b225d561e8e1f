import styled, { type DefaultTheme } from 'styled-components';
import { useLocation } from 'wouter';
import { ButtonLink } from './link.tsx';

const Trigger = styled(ButtonLink)<{ $tone: 'primary' | 'error' }>`
  position: relative;
  .badge {
    position: absolute;
    top: 0;
    right: 0;
    min-width: 1.25rem;
    height: 1.25rem;
    padding: 0 0.3rem;
    border-radius: 999px;
    display: inline-grid;
    place-items: center;
    font-size: 0.75rem;
    line-height: 1;
    font-weight: 700;
    background: ${({ theme, $tone }: { theme: DefaultTheme; $tone: 'primary' | 'error' }) => theme.colors[$tone]};
    color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
  }
`;

/**
 * A top-bar icon link with a count (the rental cart, the unread notifications): the accessible name says the count
 * in words, the badge shows the number (99+ beyond), and the link is the current page on its own path.
 */
export function CountLink({
  href,
  label,
  count,
  tone,
  children,
}: {
  href: string;
  label: string;
  count: number | null;
  tone: 'primary' | 'error';
  /** the icon (aria-hidden) */
  children: React.ReactNode;
}) {
  const [path] = useLocation();
  return (
    <Trigger
      href={href}
      variant="text"
      aria-label={label}
      aria-current={path === href ? 'page' : undefined}
      className="icon-button"
      $tone={tone}
    >
      {children}
      {count ? (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Trigger>
  );
}
