import styled from 'styled-components';

/**
 * A menu's list of links (the navigation drawer, the back office's side menu): nested lists indented, each link
 * a 44 px target, the current page in bold, group headings (`.group`) small and muted. A word longer than the
 * panel is wide ("Communication" at the largest text in a phone's drawer) breaks rather than scrolling the panel.
 */
export const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-wrap: anywhere;
  min-width: 0;
  ul {
    padding-left: 1rem;
  }
  li {
    margin: 0.125rem 0;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 2.75rem;
    padding: 0 0.5rem;
    border-radius: 0.375rem;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .group {
    display: block;
    margin: 1rem 0 0.25rem;
    padding: 0 0.5rem;
    font-size: 0.875rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
