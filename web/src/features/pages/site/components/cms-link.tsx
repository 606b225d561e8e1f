import type { z } from 'zod/v4';
import type { LinkSchema } from '@platform/contracts/pages/components';
import type { ButtonVariant } from '../../../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../../../kit/ui/link.tsx';

export type CmsLinkValue = z.output<typeof LinkSchema>;

/**
 * An editor's link: an internal one navigates in the app (the router's RouterProvider), an external one opens a
 * new tab with rel=noopener and a visually hidden "opens in a new tab" (the ui Link's `external`).
 */
export function CmsButtonLink({
  link,
  variant = 'primary',
  size,
}: {
  link: CmsLinkValue;
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
}) {
  return link.kind === 'internal' ? (
    <ButtonLink href={link.path} variant={variant} size={size}>
      {link.label}
    </ButtonLink>
  ) : (
    <ButtonLink href={link.url} variant={variant} size={size} external>
      {link.label}
    </ButtonLink>
  );
}

export function CmsTextLink({ link }: { link: CmsLinkValue }) {
  return link.kind === 'internal' ? (
    <Link href={link.path}>{link.label}</Link>
  ) : (
    <Link href={link.url} external>
      {link.label}
    </Link>
  );
}

/** A row of call-to-action buttons, the first one primary. */
export function LinkButtons({
  links,
  align = 'center',
}: {
  links: readonly CmsLinkValue[];
  align?: 'left' | 'center' | 'right';
}) {
  if (links.length === 0) return null;
  const justify = { left: 'flex-start', center: 'center', right: 'flex-end' }[align];
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: justify }}>
      {links.map((link, i) => (
        <CmsButtonLink key={`${i}-${link.label}`} link={link} variant={i === 0 ? 'primary' : 'secondary'} />
      ))}
    </div>
  );
}
