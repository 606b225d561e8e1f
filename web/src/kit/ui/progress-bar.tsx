import { Label, ProgressBar } from 'react-aria-components';
import styled from 'styled-components';

const Bar = styled(ProgressBar)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.25rem 0.75rem;
  margin: 0 0 1rem;
  .label {
    font-weight: 600;
  }
  .value {
    /* the words wrap under the label rather than push past a narrow window */
    min-width: 0;
  }
  .track {
    grid-column: 1 / -1;
    height: 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * How far something is, as a progress bar named and valued in words ("Page 2 of 4", "120 of 300 sent"): react-aria's
 * ProgressBar (role progressbar, its value text read out), the label and the words above a track that fills. A
 * total of 0 counts as 1, so that nothing is divided by it.
 */
export function LabelledProgressBar({
  label,
  value,
  total,
  valueText,
  className,
}: {
  label: string;
  value: number;
  total: number;
  valueText: string;
  className?: string;
}) {
  return (
    <Bar
      value={value}
      minValue={0}
      maxValue={Math.max(total, 1)}
      valueLabel={valueText}
      {...(className ? { className } : {})}
    >
      {({ percentage }) => (
        <>
          <Label className="label">{label}</Label>
          <span className="value">{valueText}</span>
          <div className="track">
            <div className="fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </Bar>
  );
}
