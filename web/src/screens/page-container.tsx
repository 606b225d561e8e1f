import styled from 'styled-components';

/** The readable column every non-CMS screen sits in. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth}px;
  margin: 0 auto;
  padding: 2rem 1rem;
  h1 {
    font-size: 2rem;
    margin: 0 0 1rem;
  }
`;

export const Lead = styled.p`
  font-size: 1.125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 48rem;
`;

export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;
