import { useMachine } from '@xstate/react';
import { createContext, useContext, useEffect, useId, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../kit/api/errors.ts';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import { useSession, useSignedInUser } from '../../../kit/session/session.tsx';
import type { SessionUser } from '../../../kit/session/documents.ts';
import { ActionRow } from '../../../kit/ui/page-container.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import type en from './messages/en.json';
import { sectionErrors } from './profile-api.ts';
import {
  isDirty,
  sameValues,
  sectionFormMachine,
  type SectionErrors,
  type SectionValues,
} from './section-form.machine.ts';
import { fluidSize, fluidSpace } from '../../../kit/theme/theme.ts';

type T = ReturnType<typeof useT<typeof en>>;

/** The profile screen hears which sections hold unsaved edits (its prevent-leave flag). */
export interface DirtySections {
  report: (section: string, dirty: boolean) => void;
  /** some section other than this one holds unsaved edits */
  othersDirty: (section: string) => boolean;
}
export const DirtySectionsContext = createContext<DirtySections>({
  report: () => {},
  othersDirty: () => false,
});

export interface SectionConfig {
  /** names the section for the prevent-leave flag */
  id: string;
  /** the form's values as the server holds them, read from the signed-in user */
  fromUser: (user: SessionUser) => SectionValues;
  /** the field names this section shows (server messages about other members go to the section alert) */
  fields: readonly string[];
  /** checks made before calling the server; messages by field */
  validate?: (values: SectionValues, user: SessionUser) => SectionErrors;
  /** sends the save; resolves to the command's position (read-your-writes) */
  submit: (values: SectionValues, baseline: SectionValues, user: SessionUser) => Promise<string>;
  /** the toast after a save */
  savedMessage: string;
  /** after a save and the refresh: what the form shows (default: fromUser of the refreshed user) */
  afterSave?: (user: SessionUser | null, sent: SectionValues) => SectionValues | void;
}

/** The messages a save failure gets that are not about one field (seed 000 §8). */
export function useErrorMessages(t: T) {
  return useMemo(
    () => ({
      rateLimited: (seconds: number | null) =>
        seconds === null ? t('account.error.rateLimitedSoon') : t('account.error.rateLimited', { seconds }),
      forbidden: t('account.error.forbidden'),
      notFound: t('account.error.notFound'),
      badRequest: t('account.error.badRequest'),
    }),
    [t],
  );
}

/**
 * A profile section's form: the machine (section-form.machine.ts) keeps the edits, the save calls the server,
 * reads the user again at the command's position, shows a toast; failures land on the fields.
 */
export function useSectionForm(config: SectionConfig) {
  const t = useT<typeof en>();
  const user = useSignedInUser();
  const { refresh } = useSession();
  const toast = useToast();
  const sharedLookup = useMessageLookup();
  const errorMessages = useErrorMessages(t);
  const { report: reportDirty } = useContext(DirtySectionsContext);
  // the actor is created once; it reads the latest props through this ref
  const latest = useRef({ config, user, refresh, toast, sharedLookup, errorMessages, reportDirty });
  latest.current = { config, user, refresh, toast, sharedLookup, errorMessages, reportDirty };

  const [snapshot, send] = useMachine(
    sectionFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const { config: c, user: u, refresh: r, toast: show, sharedLookup: shared } = latest.current;
          const invalid = c.validate?.(input.values, u) ?? {};
          if (Object.keys(invalid).length > 0) return { kind: 'failed' as const, errors: invalid };
          // this module's translations of server codes first, then the shell's
          const lookup = (id: string) => shared(`account.${id}`) ?? shared(id);
          try {
            const position = await c.submit(input.values, input.baseline, u);
            // saved: a redirect caused by the new state (an address to verify again) must not ask to leave
            latest.current.reportDirty(c.id, false);
            const fresh = await r(position);
            show(c.savedMessage, 'success');
            const shown = c.afterSave?.(fresh, input.values) ?? (fresh ? c.fromUser(fresh) : input.values);
            return { kind: 'saved' as const, values: shown };
          } catch (error) {
            if (error instanceof ApiError && error.errors[0]?.code === 'conflict.wrong_expected_version') {
              // someone changed the account meanwhile: read it again so the next save starts from it
              await r().catch(() => null);
            }
            return {
              kind: 'failed' as const,
              errors: sectionErrors(error, lookup, c.fields, latest.current.errorMessages),
            };
          }
        }),
      },
    }),
    { input: { values: config.fromUser(user) } },
  );

  // a new read of the user (another section's save, another tab) moves the baseline
  const serverValues = config.fromUser(user);
  const lastServer = useRef(serverValues);
  useEffect(() => {
    if (sameValues(lastServer.current, serverValues)) return;
    lastServer.current = serverValues;
    send({ type: 'server.updated', values: serverValues });
  });

  const dirty = isDirty(snapshot.context);
  useEffect(() => reportDirty(config.id, dirty), [reportDirty, config.id, dirty]);
  useEffect(() => () => reportDirty(config.id, false), [reportDirty, config.id]);

  const { values, errors } = snapshot.context;
  return {
    values,
    errors,
    dirty,
    saving: snapshot.matches('saving'),
    text: (field: string) => (typeof values[field] === 'string' ? (values[field] as string) : ''),
    flag: (field: string) => values[field] === true,
    edit: (field: string, value: string | boolean) => send({ type: 'user.edit', field, value }),
    submit: () => send({ type: 'user.submit' }),
    discard: () => send({ type: 'user.discard' }),
  };
}

export type SectionForm = ReturnType<typeof useSectionForm>;

const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.75rem;
  padding: ${fluidSpace(1.5)};
  margin-bottom: 2rem;
  scroll-margin-top: 5rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: ${fluidSize(1.5)};
  }
  form {
    max-width: 40rem;
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 1.25rem;
`;

export const SectionAlert = styled.div`
  border-left: 6px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
  border-radius: 0.25rem;
  &:empty {
    display: none;
  }
`;

/** A titled section of the profile (its own heading, landmark and form). */
export function ProfileSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <Section id={id} aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {title}
      </h2>
      {intro ? <Intro>{intro}</Intro> : null}
      {children}
    </Section>
  );
}

/**
 * The form of a section: its fields, an alert for messages about the whole section, save and discard. After a
 * refused save, focus goes to the first field in error (or the alert) so keyboard and screen-reader users land
 * on what to fix.
 */
export function SectionFormView({
  form,
  label,
  submitLabel,
  children,
}: {
  form: SectionForm;
  /** the accessible name of the form (the section's title) */
  label: string;
  submitLabel?: string;
  children: React.ReactNode;
}) {
  const t = useT<typeof en>();
  const ref = useRef<HTMLFormElement>(null);
  const alertId = useId();
  const { errors, saving } = form;
  // only right after a refused save: later edits must not pull focus away from where the user types
  const wasSaving = useRef(false);
  useEffect(() => {
    const settled = wasSaving.current && !saving;
    wasSaving.current = saving;
    if (!settled || Object.keys(errors).length === 0) return;
    const target =
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      ref.current?.querySelector<HTMLElement>(`[id="${alertId}"]`);
    target?.focus();
  }, [saving, errors, alertId]);
  return (
    <form
      ref={ref}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <div role="alert">
        {errors._form ? (
          <SectionAlert id={alertId} tabIndex={-1}>
            {errors._form}
          </SectionAlert>
        ) : null}
      </div>
      {children}
      <ActionRow>
        <Button type="submit" isPending={form.saving}>
          {submitLabel ?? t('account.save')}
        </Button>
        {form.dirty ? (
          <Button type="button" variant="text" onPress={form.discard} isDisabled={form.saving}>
            {t('account.discard')}
          </Button>
        ) : null}
      </ActionRow>
    </form>
  );
}
