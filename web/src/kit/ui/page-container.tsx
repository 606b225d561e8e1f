import styled from 'styled-components';
import { fluidSize, fluidSpace } from '../theme/theme.ts';

/** The readable column every non-CMS screen sits in. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth}px;
  margin: 0 auto;
  padding: 2rem ${fluidSpace(1)};
  h1 {
    /* 2rem, down to 1.25rem when large text meets a narrow screen (long words stay whole more often) */
    font-size: ${fluidSize(2, 1.25)};
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
