import type { ComponentProps } from '@platform/contracts/pages/components';
import { Inner, useBlock } from './block.tsx';
import { RichText } from '../../../../kit/rich-text/rich-text.tsx';
import { scopedStyles } from './scoped-styles.ts';

export { scopedStyles } from './scoped-styles.ts';

/** custom (seed 000 §2.8): raw HTML, sanitised (frames only from the video players), plus styles. */
export function CustomBlock({ props }: { props: ComponentProps<'custom'> }) {
  const { sectionId } = useBlock();
  const styles = scopedStyles(props.styles, sectionId);
  return (
    <Inner>
      {styles ? <style>{styles}</style> : null}
      <RichText html={props.html} />
    </Inner>
  );
}
