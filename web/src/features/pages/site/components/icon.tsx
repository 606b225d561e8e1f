import '@material-design-icons/font/filled.css';
import styled from 'styled-components';

const Glyph = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-size: 2.5rem !important;
  user-select: none;
`;

/**
 * An editor's icon, by its Material Icons name ("devices", "badge"): a ligature of the icon font, so every name
 * of the set works without a list here. Decorative: the item's title says what it is.
 */
export function CmsIcon({ name }: { name: string | null }) {
  const clean =
    name
      ?.trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_') ?? '';
  if (!/^[a-z0-9_]{1,60}$/.test(clean)) return null;
  return (
    <Glyph className="material-icons" aria-hidden="true">
      {clean}
    </Glyph>
  );
}
