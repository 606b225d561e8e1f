import type { ComponentProps } from '@platform/contracts/pages/components';
import { Inner, useBlock } from './block.tsx';
import { RichText } from './rich-text.tsx';

/**
 * The editor's styles apply inside this section only (CSS @scope), so a rule written for one block cannot restyle
 * the shell or the other blocks. A closing tag in the text would end the style element early: it is cut out.
 */
export function scopedStyles(css: string, sectionId: string): string {
  const safe = css.replace(/<\/?style/gi, '');
  return safe.trim() === '' ? '' : `@scope ([id="${sectionId.replace(/["\\]/g, '')}"]) {\n${safe}\n}`;
}

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
