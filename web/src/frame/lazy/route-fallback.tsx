import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import type en from './messages/en.json';

/** Keeps the footer where it will be while the screen's code loads. */
const Holder = styled.div`
  min-height: 50vh;
`;

/** How long a load may take before it is announced: a quick one is not worth interrupting the reader. */
const ANNOUNCE_AFTER_MS = 300;

/**
 * What a route shows while its code loads (the Suspense fallback of the lazy route areas): a polite status that
 * says the page is loading. The live region is in the page before its text, so that screen readers read it.
 */
export function RouteFallback() {
  const t = useT<typeof en>();
  const [announce, setAnnounce] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounce(true), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Holder aria-busy="true">
      <VisuallyHidden role="status" aria-live="polite" data-testid="route-fallback">
        {announce ? t('lazy.loadingPage') : ''}
      </VisuallyHidden>
    </Holder>
  );
}
