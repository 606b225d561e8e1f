import sharp from 'sharp';

/**
 * The platform's default badge image (ADR 0030): an Open Badges 2.0 BadgeClass requires an `image`, and a badge
 * may have none. This one, a 256-pixel medal on a ribbon drawn from plain shapes (no text, so no font is needed),
 * is rendered to a PNG by sharp once per process and serves every badge without its own image, baked like any other.
 */
const DEFAULT_BADGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <path d="M88 150 L60 240 L96 222 L116 250 L128 168 Z" fill="#1d4f91"/>
  <path d="M168 150 L196 240 L160 222 L140 250 L128 168 Z" fill="#1d4f91"/>
  <circle cx="128" cy="104" r="88" fill="#f2b705" stroke="#8a6a00" stroke-width="8"/>
  <circle cx="128" cy="104" r="62" fill="none" stroke="#8a6a00" stroke-width="4"/>
  <path d="M128 62 L140 92 L172 94 L147 114 L156 146 L128 128 L100 146 L109 114 L84 94 L116 92 Z" fill="#ffffff"/>
</svg>`;

let rendered: Promise<Buffer> | undefined;

/** The default badge image as a PNG (rendered on first use, then kept). */
export function defaultBadgePng(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(DEFAULT_BADGE_SVG))
    .png()
    .toBuffer()
    .catch((error: unknown) => {
      rendered = undefined;
      throw error;
    });
  return rendered;
}
