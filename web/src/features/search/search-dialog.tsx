import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { HighlightSegment } from '@platform/contracts/search/global-search';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { Button, IconButton } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { SearchIcon } from '../../kit/ui/icons.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { SearchField } from '../../kit/ui/search-field.tsx';
import type en from './messages/en.json';
import { GLOBAL_SEARCH_MAX_LENGTH, searchEverything, type GlobalSearchItem } from './search-api.ts';
import { searchMachine } from './search.machine.ts';

type SearchMessages = typeof en;
type MessageKey = keyof SearchMessages;
const useSearchT = () => useT<SearchMessages>();

/** The words of each searchable type (contracts: the definitions with a `globalSearch`). */
const TYPE_LABELS: Record<string, MessageKey> = {
  articles: 'search.type.articles',
  'blog-posts': 'search.type.blog-posts',
  'calendar-events': 'search.type.calendar-events',
  'repository-items': 'search.type.repository-items',
  'forum-subjects': 'search.type.forum-subjects',
  organizations: 'search.type.organizations',
  'open-badges': 'search.type.open-badges',
};

const Status = styled.p`
  margin: 0 0 0.75rem;
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Group = styled.section`
  margin-top: 1rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.0625rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  li {
    overflow-wrap: anywhere;
  }
  p {
    margin: 0.25rem 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  /* the matched words: the theme's primary pair, whose contrast holds in both themes */
  mark {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    padding: 0 0.125rem;
    font-weight: 700;
    border-radius: 0.125rem;
  }
`;

/** A title or excerpt with the matched words marked (the server's segments, rendered as text, never as HTML). */
function Highlighted({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>,
      )}
    </>
  );
}

/** The results by type, each type in the order its best result ranks. */
function byType(results: readonly GlobalSearchItem[]): Array<[string, GlobalSearchItem[]]> {
  const groups = new Map<string, GlobalSearchItem[]>();
  for (const item of results) {
    const group = groups.get(item.type);
    if (group) group.push(item);
    else groups.set(item.type, [item]);
  }
  return [...groups];
}

/**
 * The search dialog (seed 000 §2.9 top bar, §7 global search): the field has the focus; results come as the reader
 * types (search.machine.ts), grouped by type, each a link to its page; Enter moves to the first result, Escape
 * clears the field and then closes the dialog. The number of results is announced (a polite status), the
 * "searching" in between is not.
 */
function SearchDialog({ onClose }: { onClose: () => void }) {
  const t = useSearchT();
  const api = useApi();
  const results = useRef<HTMLDivElement>(null);
  const actor = useActorRef(
    searchMachine.provide({
      actors: {
        search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
          searchEverything(api, input.query, signal),
        ),
      },
    }),
  );
  const query = useSelector(actor, (s) => s.context.query);
  const found = useSelector(actor, (s) => s.context.results);
  const stage = useSelector(actor, (s) => s.value);
  const busy = stage === 'waiting' || stage === 'searching';
  const status =
    stage === 'shown'
      ? found.length
        ? t('search.results', { count: found.length })
        : t('search.none')
      : stage === 'failed'
        ? t('search.failed')
        : '';
  const typeLabel = (type: string) => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : type);

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
      <SearchField
        label={t('search.label')}
        clearLabel={t('search.clear')}
        description={t('search.hint')}
        autoFocus
        maxLength={GLOBAL_SEARCH_MAX_LENGTH}
        value={query}
        onChange={(value) => actor.send({ type: 'user.type', query: value })}
        onSubmit={() => results.current?.querySelector<HTMLElement>('a[href]')?.focus()}
      />
      <Status role="status" aria-live="polite">
        {status}
      </Status>
      {busy ? <Status aria-hidden="true">{t('search.searching')}</Status> : null}
      {stage === 'failed' ? (
        <Button variant="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
          {t('search.retry')}
        </Button>
      ) : null}
      <div ref={results}>
        {byType(found).map(([type, items]) => (
          <Group key={type} aria-labelledby={`global-search-${type}`}>
            <h3 id={`global-search-${type}`}>{typeLabel(type)}</h3>
            <ul>
              {items.map((item) => (
                <li key={item.id}>
                  {item.path ? (
                    <Link href={item.path}>
                      <Highlighted segments={item.highlights.title} />
                    </Link>
                  ) : (
                    <strong>
                      <Highlighted segments={item.highlights.title} />
                    </strong>
                  )}
                  {item.description ? (
                    <p>
                      <Highlighted segments={item.highlights.description} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Group>
        ))}
      </div>
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
