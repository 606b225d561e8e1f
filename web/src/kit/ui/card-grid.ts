import styled from 'styled-components';

/**
 * A list of records as cards (the repository's items, the training resources, requests and trainings): a grid
 * of as many 16rem columns as fit, one at 320 px; each card a bordered surface that wraps long words. The list
 * takes the focus when its page changes (tabIndex -1), so it shows where it is.
 */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 1.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
  > li {
    display: flex;
    flex-direction: column;
    min-width: 0;
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
  h2,
  h3 {
    margin: 0.5rem 0;
    font-size: 1.25rem;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: 0.375rem;
  }
  p {
    margin: 0.25rem 0;
  }
`;
