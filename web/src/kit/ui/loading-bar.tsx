import { ProgressBar } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Bar = styled(ProgressBar)`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: 200;
  overflow: hidden;
  .fill {
    width: 40%;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    animation: ${slide} 1.1s ease-in-out infinite;
  }
`;

/** An indeterminate progress bar while requests or a route load (role=progressbar, named for screen readers). */
export function LoadingBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <Bar isIndeterminate aria-label={label}>
      <div className="fill" />
    </Bar>
  );
}
