import { useEffect, useState } from 'react';
import { useTheme } from 'styled-components';
import { useT } from '../../../kit/i18n/use-t.ts';
import { PlainButton } from '../../../kit/ui/plain.tsx';

/** Shown once the page has scrolled past 300 px (seed 000 §2.7, §9); back at the top, the focus goes to the content. */
export function BackToTop() {
  const t = useT();
  const { layout } = useTheme();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > layout.backToTopAfter);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [layout.backToTopAfter]);
  if (!visible) return null;
  return (
    <PlainButton
      variant="primary"
      aria-label={t('cms.backToTop')}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
    </PlainButton>
  );
}
