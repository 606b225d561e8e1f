import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { serverMessageId } from '../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { LabelledProgressBar } from '../../kit/ui/progress-bar.tsx';
import type en from './messages/en.json';
import type { SessionModule, SessionStatus, SessionView } from './sessions-api.ts';

export type OpenBadgesMessages = typeof en;
export const useOpenBadgesT = () => useT<OpenBadgesMessages>();

/** A session's status in words (never its colour alone). */
export function useStatusText() {
  const t = useOpenBadgesT();
  return (status: SessionStatus) => t(`openBadges.status.${status}`);
}

/** A duration in whole minutes (at least one once anything was spent). */
export function useDurationText() {
  const t = useOpenBadgesT();
  return (seconds: number) =>
    t('openBadges.duration', { minutes: seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0 });
}

/**
 * A refused or failed action in the reader's words: the server's code translated when this web has it, else the
 * server's detail for a refusal; a generic sentence for a failure without an answer.
 */
export function useActionErrorText() {
  const t = useOpenBadgesT();
  const lookup = useMessageLookup();
  return (error: { kind: string; code: string | null; detail: string } | unknown): string => {
    const problem =
      error instanceof ApiError
        ? { kind: error.kind, code: error.errors[0]?.code ?? null, detail: error.errors[0]?.detail ?? '' }
        : (error as { kind?: string; code?: string | null; detail?: string } | null);
    const kind = problem?.kind ?? 'unexpected';
    if (kind === 'forbidden') return t('openBadges.error.forbidden');
    if (kind === 'conflict' || kind === 'validation')
      return (
        (problem?.code ? lookup(serverMessageId(problem.code)) : undefined) ??
        (problem?.detail || t('openBadges.error.failed'))
      );
    return t('openBadges.error.failed');
  };
}

/** How far the member is: the modules finished of all, as a progress bar named and valued in words. */
export function ModulesProgress({ session }: { session: Pick<SessionView, 'modules'> }) {
  const t = useOpenBadgesT();
  const total = session.modules.length;
  const done = session.modules.filter((m) => m.finishedAt).length;
  const text = t('openBadges.session.progressValue', { done, total });
  return (
    <LabelledProgressBar
      label={t('openBadges.session.progress')}
      value={done}
      total={total}
      valueText={text}
    />
  );
}

const Modules = styled.ol`
  margin: 0 0 1.5rem;
  padding-inline-start: 1.5rem;
  li {
    padding: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  li[data-state='current'] {
    font-weight: 700;
  }
  .state {
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export type ModuleState = 'done' | 'current' | 'later';

/** The modules in their order, each with where the member stands on it in words. */
export function ModuleList({
  modules,
  currentPosition,
  label,
}: {
  modules: Array<Pick<SessionModule, 'position' | 'title'> & Partial<Pick<SessionModule, 'finishedAt'>>>;
  currentPosition?: number | null;
  label: string;
}) {
  const t = useOpenBadgesT();
  return (
    <Modules aria-label={label}>
      {modules.map((module) => {
        const state: ModuleState | null =
          currentPosition === undefined
            ? null
            : module.finishedAt
              ? 'done'
              : module.position === currentPosition
                ? 'current'
                : 'later';
        return (
          <li key={module.position} data-state={state ?? undefined}>
            {module.title}
            {state ? <span className="state"> — {t(`openBadges.module.${state}`)}</span> : null}
          </li>
        );
      })}
    </Modules>
  );
}

/** Plain text as paragraphs: a blank line separates two. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .replace(/\r\n?/g, '\n')
        .split(/\n[ \t]*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {p}
          </p>
        ))}
    </>
  );
}
