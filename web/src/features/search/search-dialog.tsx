import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button, IconButton } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { SearchIcon } from '../../kit/ui/icons.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { searchPageHref } from './paths.ts';
import { SearchPanel, useSearchT } from './search-panel.tsx';

/**
 * The search dialog (seed 000 §2.9 top bar): the search panel; Escape clears the field and then closes the dialog,
 * and following a result, or the link to every result, leaves the page and closes it.
 */
function SearchDialog({ onClose }: { onClose: () => void }) {
  const t = useSearchT();
  return (
    <Dialog
      title={t('search.title')}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="large"
      actions={
        <Button variant="secondary" onPress={onClose}>
          {t('search.close')}
        </Button>
      }
    >
      <SearchPanel
        headingLevel={3}
        autoFocus
        footer={(words) =>
          words.trim() ? <Link href={searchPageHref(words)}>{t('search.allResults')}</Link> : null
        }
      />
    </Dialog>
  );
}

/** The top bar's search button (behind FEATURE_GLOBAL_SEARCH): it opens the search dialog. */
export function GlobalSearchButton() {
  const t = useSearchT();
  const [open, setOpen] = useState(false);
  // following a result (by pointer or keyboard) leaves the page: the dialog closes with it
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);
  return (
    <>
      <IconButton aria-label={t('search.open')} onPress={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
      {open ? <SearchDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
