import { FieldError as AriaFieldError, Label as AriaLabel, Text } from 'react-aria-components';
import styled from 'styled-components';

export const Label = styled(AriaLabel)`
  display: block;
  font-weight: 600;
  margin-bottom: 0.25rem;
`;

export const Description = styled(Text).attrs({ slot: 'description' })`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
  margin-top: 0.25rem;
`;

export const FieldError = styled(AriaFieldError)`
  display: block;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.875rem;
  margin-top: 0.25rem;
`;

export const FieldGroup = styled.div`
  margin-bottom: 1.25rem;
`;
