/**
 * The editor's styles apply inside this section only (CSS @scope), so a rule written for one block cannot restyle
 * the shell or the other blocks. A closing tag in the text would end the style element early: it is cut out.
 */
export function scopedStyles(css: string, sectionId: string): string {
  const safe = css.replace(/<\/?style/gi, '');
  return safe.trim() === '' ? '' : `@scope ([id="${sectionId.replace(/["\\]/g, '')}"]) {\n${safe}\n}`;
}
