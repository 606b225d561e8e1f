import type { z } from 'zod/v4';
import type { LinkSchema } from '@platform/contracts/pages/components';
import type { ButtonVariant } from '../../../../kit/ui/button-look.ts';
import { PlainButtonLink, PlainLink } from '../../../../kit/ui/plain.tsx';

export type CmsLinkValue = z.output<typeof LinkSchema>;

/**
 * An editor's link: an internal one navigates in the app (the router's PlainLinkRouter), an external one opens a
 * new tab with rel=noopener and a visually hidden "opens in a new tab" (`external`). Native links (ui/plain.tsx,
 * ADR 0047): a page's blocks are its first screen.
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
    <PlainButtonLink href={link.path} variant={variant} size={size}>
      {link.label}
    </PlainButtonLink>
  ) : (
    <PlainButtonLink href={link.url} variant={variant} size={size} external>
      {link.label}
    </PlainButtonLink>
  );
}

export function CmsTextLink({ link }: { link: CmsLinkValue }) {
  return link.kind === 'internal' ? (
    <PlainLink href={link.path}>{link.label}</PlainLink>
  ) : (
    <PlainLink href={link.url} external>
      {link.label}
    </PlainLink>
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
