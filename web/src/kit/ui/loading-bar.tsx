import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Bar = styled.div`
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

/**
 * An indeterminate progress bar while requests or a route load (role=progressbar, named for screen readers, with
 * no value: as react-aria's ProgressBar renders an indeterminate one). Plain HTML: the first screen shows it.
 */
export function LoadingBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <Bar role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100}>
      <div className="fill" />
    </Bar>
  );
}
