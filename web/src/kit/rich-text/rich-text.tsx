import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useConsent } from '../consent/consent-context.tsx';
import { useT } from '../i18n/use-t.ts';
import { CONSENT_PLACEHOLDER_ATTRIBUTE, sanitizeHtml } from './sanitize-html.ts';
import type { VideoProvider } from './video-embed.ts';
import { ConsentPlaceholder } from './consent-placeholder.tsx';

const Html = styled.div`
  overflow-wrap: anywhere;
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
  img,
  iframe {
    max-width: 100%;
  }
  iframe {
    aspect-ratio: 16 / 9;
    width: 100%;
    height: auto;
    border: 0;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

/**
 * Editors' rich HTML, sanitised (sanitize-html.ts); members' HTML with `ugc` (their links marked as theirs). A video frame whose provider's cookies are refused becomes a
 * consent placeholder, rendered into its spot; accepting the cookies re-renders the frame itself.
 */
export function RichText({
  html,
  className,
  ugc = false,
}: {
  html: string;
  className?: string;
  ugc?: boolean;
}) {
  const t = useT();
  const { allows } = useConsent();
  const note = t('app.opensInNewTab');
  const clean = useMemo(
    () => sanitizeHtml(html, { newTabNote: note, allowsProvider: (p) => allows(p), ugc }),
    [html, note, allows, ugc],
  );
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Array<{ node: Element; provider: VideoProvider }>>([]);
  useLayoutEffect(() => {
    const nodes = ref.current?.querySelectorAll(`[${CONSENT_PLACEHOLDER_ATTRIBUTE}]`) ?? [];
    setSlots(
      Array.from(nodes, (node) => ({
        node,
        provider: node.getAttribute(CONSENT_PLACEHOLDER_ATTRIBUTE) as VideoProvider,
      })),
    );
  }, [clean]);
  if (clean === '') return null;
  return (
    <>
      <Html ref={ref} className={className} dangerouslySetInnerHTML={{ __html: clean }} />
      {slots.map(({ node, provider }, i) =>
        createPortal(<ConsentPlaceholder provider={provider} />, node, i),
      )}
    </>
  );
}
