import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { Inner, useBlock } from './block.tsx';

const SIZES = { small: 1.5, medium: 2, large: 2.75 } as const;

const Root = styled.div<{ $align: string; $reverse: boolean; $size: number }>`
  display: flex;
  flex-direction: ${({ $reverse }) => ($reverse ? 'column-reverse' : 'column')};
  gap: 0.5rem;
  text-align: ${({ $align }) => $align};
  .title {
    margin: 0;
    /* the editor's size, down to 1.25rem when large text meets a narrow screen */
    font-size: ${({ $size }) => `clamp(${Math.min(1.25, $size)}rem, ${$size * 5}vw, ${$size}rem)`};
  }
  .subtitle {
    margin: 0;
    font-size: ${({ $size }) => Math.max(1, $size * 0.55)}rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** An editor's colour is used only when the browser reads it as a colour (not "red; background:url(...)"). */
function safeColor(value: string | null): string | undefined {
  if (!value) return undefined;
  return typeof CSS !== 'undefined' && CSS.supports?.('color', value) ? value : undefined;
}

/** title (seed 000 §2.8): title and subtitle with level, alignment, size, colours and reverse order. */
export function TitleBlock({ props }: { props: ComponentProps<'title'> }) {
  const { headingId } = useBlock();
  const Heading = `h${props.level}` as 'h1';
  return (
    <Inner data-title-block="">
      <Root $align={props.alignment} $reverse={props.reverseOrder} $size={SIZES[props.size]}>
        <Heading id={headingId} className="title" style={{ color: safeColor(props.color) }}>
          {props.title}
        </Heading>
        {props.subtitle ? (
          <p className="subtitle" style={{ color: safeColor(props.subtitleColor) }}>
            {props.subtitle}
          </p>
        ) : null}
      </Root>
    </Inner>
  );
}
