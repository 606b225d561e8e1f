import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import styled from 'styled-components';

const Root = styled(AriaSwitch)`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 2.75rem;
  cursor: pointer;
  .indicator {
    flex: none;
    width: 2.75rem;
    height: 1.5rem;
    border-radius: 999px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    position: relative;
    transition: background-color 120ms;
    &::before {
      content: '';
      position: absolute;
      top: 2px;
      left: 2px;
      width: 1rem;
      height: 1rem;
      border-radius: 50%;
      background: ${({ theme }) => theme.colors.textMuted};
      transition: transform 120ms;
    }
  }
  &[data-selected] .indicator {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    &::before {
      background: ${({ theme }) => theme.colors.onPrimary};
      transform: translateX(1.25rem);
    }
  }
  &[data-focus-visible] .indicator {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    opacity: 0.85;
    cursor: not-allowed;
  }
`;

export function Switch({ children, ...props }: AriaSwitchProps & { children: React.ReactNode }) {
  return (
    <Root {...props}>
      <span className="indicator" aria-hidden="true" />
      {children}
    </Root>
  );
}
