import { useRef, useState } from 'react';
import { Notice, useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { isSoftDeleted } from '../../kit/admin/resources/record-actions.tsx';
import { includedRecord, relatedTitle } from '../../kit/admin/resources/record-title.ts';
import { ActionBar, useFormatValue } from '../../kit/admin/resources/resource-ui.tsx';
import { may } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { contactsAdminApi } from './contacts-admin-api.ts';
import { useContactsAdminT } from './contacts-admin-ui.ts';

const CONTACTS = 'light-users';

const isHandledAlready = (error: unknown) =>
  error instanceof ApiError && error.errors.some((e) => e.code === 'conflict.input_handled');

/** The contact a to-one relationship of the answer names, or null. */
function contactOf(record: ShowActionsProps['record'], name: string): string | null {
  const data = record.relationships?.[name]?.data;
  return data && !Array.isArray(data) && data.type === CONTACTS ? data.id : null;
}

/**
 * On a contact form answer's screen in the back office (seed 001 §3 handledAt, createdLightUser,
 * matchingLightUser): while it waits, "Add to contacts" (or "Mark handled" when a contact had its e-mail address
 * already), which the server decides: it makes a contact from the answer, or keeps the one with that address, and
 * marks the answer handled. Then what happened, with the way to the contact's screen. Another member's handling in
 * the meantime (409) is said, and the screen read again shows it.
 */
export function HandleInputAction({
  definition,
  record,
  included,
  viewer,
  reload,
  onError,
}: ShowActionsProps) {
  const t = useContactsAdminT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const format = useFormatValue();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ contact: string; created: boolean } | null>(null);
  // said here, beside the button, and kept while the screen is read again (the screen's own message is not)
  const [problem, setProblem] = useState<string | null>(null);

  const handledAt = typeof record.attributes.handledAt === 'string' ? record.attributes.handledAt : null;
  const matching = contactOf(record, 'matchingLightUser');
  const contact = outcome?.contact ?? contactOf(record, 'createdLightUser') ?? matching;
  const email = typeof record.attributes.userEmail === 'string' ? record.attributes.userEmail : '';
  // a contact's title is its e-mail address, the answer's own when the document did not include the contact
  const title = contact
    ? relatedTitle(CONTACTS, contact, includedRecord(CONTACTS, contact, included)?.attributes ?? { email })
    : '';
  const mayHandle = !handledAt && !outcome && !isSoftDeleted(record) && may(definition, 'update', viewer);

  const handle = async () => {
    if (busy) return;
    onError(null);
    setProblem(null);
    setBusy(true);
    try {
      const answer = await contactsAdminApi.handleInput(api, record.id);
      setOutcome({ contact: answer.data.id, created: answer.meta.created });
      // the button leaves with the waiting answer: the focus goes to the section's heading
      requestAnimationFrame(() => heading.current?.focus());
      reload(answer.meta.position);
    } catch (error) {
      setProblem(problemText(error));
      // handled meanwhile by someone else: the screen read again shows how
      if (isHandledAlready(error)) reload();
    } finally {
      setBusy(false);
    }
  };
  const problemText = (error: unknown) => {
    if (isHandledAlready(error)) return t('contactsAdmin.input.alreadyHandled');
    // another conflict: the server's own words
    if (error instanceof ApiError && error.kind === 'conflict') return error.message;
    return errorText(error);
  };

  return (
    <section aria-labelledby="light-user-form-input-handling">
      <h2 id="light-user-form-input-handling" ref={heading} tabIndex={-1}>
        {t('contactsAdmin.input.heading')}
      </h2>
      <div role="status">
        {outcome ? (
          <p>{t(outcome.created ? 'contactsAdmin.input.created' : 'contactsAdmin.input.kept', { title })}</p>
        ) : null}
      </div>
      <div role="alert">{problem ? <Notice $tone="error">{problem}</Notice> : null}</div>
      {!outcome && handledAt ? (
        <p>{t('contactsAdmin.input.handledOn', { date: format(handledAt, 'datetime') })}</p>
      ) : null}
      {!outcome && !handledAt ? (
        <p>{t(matching ? 'contactsAdmin.input.waitingMatching' : 'contactsAdmin.input.waitingNew')}</p>
      ) : null}
      <ActionBar>
        {mayHandle ? (
          <Button onPress={() => void handle()} isDisabled={busy}>
            {busy
              ? t('contactsAdmin.input.busy')
              : t(matching ? 'contactsAdmin.input.markHandled' : 'contactsAdmin.input.add')}
          </Button>
        ) : null}
        {contact ? (
          <ButtonLink variant="secondary" href={resourcePaths.show(CONTACTS, contact)}>
            {t('contactsAdmin.input.openContact', { title })}
          </ButtonLink>
        ) : null}
      </ActionBar>
    </section>
  );
}
