import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { HighlightSegment } from '@platform/contracts/search/global-search';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { SearchField } from '../../kit/ui/search-field.tsx';
import type en from './messages/en.json';
import { GLOBAL_SEARCH_MAX_LENGTH, searchEverything, type GlobalSearchItem } from './search-api.ts';
import { searchMachine } from './search.machine.ts';

export type SearchMessages = typeof en;
type MessageKey = keyof SearchMessages;
export const useSearchT = () => useT<SearchMessages>();

/** The words of each searchable type (contracts: the definitions with a `globalSearch`). */
const TYPE_LABELS: Record<string, MessageKey> = {
  articles: 'search.type.articles',
  'blog-posts': 'search.type.blog-posts',
  'calendar-events': 'search.type.calendar-events',
  'repository-items': 'search.type.repository-items',
  'forum-subjects': 'search.type.forum-subjects',
  organizations: 'search.type.organizations',
  'open-badges': 'search.type.open-badges',
  // the site's own pages (query-api/src/search/routes.ts PAGES_TYPE)
  pages: 'search.type.pages',
  'training-resources': 'search.type.training-resources',
  'training-resource-requests': 'search.type.training-resource-requests',
  trainings: 'search.type.trainings',
};

const Status = styled.p`
  margin: 0 0 0.75rem;
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Group = styled.section`
  margin-top: 1rem;
  h2,
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.0625rem;
  }
  ul {
    list-style: none;
    margin: 0 0 0.75rem;
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

/** A type's further pages, read by its "more results" button, for the words the results answer. */
interface MorePages {
  words: string;
  byType: Record<string, { items: GlobalSearchItem[]; page: number; hasMore: boolean }>;
}

export interface SearchPanelProps {
  /** the words to search for at once (the search page's `?search=`) */
  initialQuery?: string;
  /** told the words as typed (the search page keeps them in its URL) */
  onQueryChange?: (words: string) => void;
  /** the level of each type's heading: under the dialog's h2, or the page's h1 */
  headingLevel: 2 | 3;
  /** below the results: the dialog's link to the full page */
  footer?: (words: string) => React.ReactNode;
  /** the field takes the focus (the dialog's, which opens for it; never a page's block) */
  autoFocus?: boolean;
}

/**
 * The global search (seed 000 §7): the field has the focus; results come as the reader types (search.machine.ts),
 * grouped by type, each a link to its page, a type with more behind a "more" button; Enter moves to the first
 * result. The number of results is announced (a polite status), the "searching" in between is not.
 */
export function SearchPanel({
  initialQuery = '',
  onQueryChange,
  headingLevel,
  footer,
  autoFocus = false,
}: SearchPanelProps) {
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
  useEffect(() => {
    if (initialQuery.trim()) actor.send({ type: 'user.type', query: initialQuery });
    // the initial words only, once: later ones come from the field
  }, [actor]);
  const query = useSelector(actor, (s) => s.context.query);
  const answered = useSelector(actor, (s) => s.context.answered);
  const found = useSelector(actor, (s) => s.context.results);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const stage = useSelector(actor, (s) => s.value);
  const [more, setMore] = useState<MorePages>({ words: '', byType: {} });
  const [moreFailed, setMoreFailed] = useState<string | null>(null);
  const extra = more.words === answered ? more.byType : {};
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function readMore(type: string) {
    const page = (extra[type]?.page ?? 1) + 1;
    setMoreFailed(null);
    try {
      const next = await searchEverything(api, answered, undefined, { type, page });
      setMore((current) => {
        const kept = current.words === answered ? current.byType : {};
        return {
          words: answered,
          byType: {
            ...kept,
            [type]: {
              items: [...(kept[type]?.items ?? []), ...next.data],
              page,
              hasMore: next.meta.hasMore[type] ?? false,
            },
          },
        };
      });
    } catch {
      setMoreFailed(type);
    }
  }

  return (
    <>
      <SearchField
        label={t('search.label')}
        clearLabel={t('search.clear')}
        description={t('search.hint')}
        autoFocus={autoFocus}
        maxLength={GLOBAL_SEARCH_MAX_LENGTH}
        value={query}
        onChange={(value) => {
          actor.send({ type: 'user.type', query: value });
          onQueryChange?.(value);
        }}
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
        {byType(found).map(([type, items]) => {
          const shown = [...items, ...(extra[type]?.items ?? [])];
          const hasNext = extra[type] ? extra[type].hasMore : (hasMore[type] ?? false);
          return (
            <Group key={type} aria-labelledby={`global-search-${type}`}>
              <Heading id={`global-search-${type}`}>{typeLabel(type)}</Heading>
              <ul>
                {shown.map((item) => (
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
              {hasNext ? (
                <Button variant="secondary" onPress={() => void readMore(type)}>
                  {t('search.more', { type: typeLabel(type) })}
                </Button>
              ) : null}
              {moreFailed === type ? <p role="alert">{t('search.moreFailed')}</p> : null}
            </Group>
          );
        })}
      </div>
      {footer ? footer(query) : null}
    </>
  );
}
