import {
  Label,
  Slider as AriaSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  type SliderProps as AriaSliderProps,
} from 'react-aria-components';
import styled from 'styled-components';

export interface SliderProps extends AriaSliderProps<number> {
  label: string;
}

const Root = styled.div`
  .slider {
    display: grid;
    grid-template-columns: 1fr auto;
    grid-template-areas: 'label output' 'track track';
    row-gap: 0.25rem;
    margin-bottom: 1.25rem;
    label {
      grid-area: label;
      font-weight: 600;
    }
    output {
      grid-area: output;
    }
  }
`;

const Track = styled(SliderTrack)`
  grid-area: track;
  position: relative;
  height: 2.25rem;
  &::before {
    content: '';
    position: absolute;
    top: 50%;
    left: 0;
    right: 0;
    height: 0.375rem;
    transform: translateY(-50%);
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const Thumb = styled(SliderThumb)`
  top: 50%;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  border: 2px solid ${({ theme }) => theme.colors.surface};
  &[data-dragging] {
    transform: scale(1.1);
  }
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export function Slider({ label, ...props }: SliderProps) {
  return (
    <Root>
      <AriaSlider {...props} className="slider">
        <Label>{label}</Label>
        <SliderOutput />
        <Track>
          <Thumb />
        </Track>
      </AriaSlider>
    </Root>
  );
}
