import { useEffect, useRef } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { Checkbox } from '../../kit/ui/checkbox.tsx';
import {
  asksJobOther,
  FIELD_ORDER,
  MAX_LENGTH,
  organizationRequired,
  type Field,
  type FieldErrors,
  type FormValues,
  type JobOption,
  type PublicForm,
} from './contacts-api.ts';
import type { FormNotice } from './form.machine.ts';
import type en from './messages/en.json';

type Messages = typeof en;

const Group = styled.fieldset`
  border: none;
  margin: 0 0 0.5rem;
  padding: 0;
  /* a fieldset is as wide as its widest content unless told: it must narrow with the page */
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 1rem;
    font-size: 1.25rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

/** the kit's select leaves the space below it to its caller, as the text fields do not */
const SelectSlot = styled.div`
  margin-bottom: 1.25rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;

export interface ContactFormProps {
  form: PublicForm;
  jobs: readonly JobOption[];
  values: FormValues;
  errors: FieldErrors;
  notice: FormNotice | null;
  captchaFailed: boolean;
  pending: boolean;
  /** how many sends were refused: each moves focus to what to fix */
  refusals: number;
  labelledBy: string;
  /** the form filled in again: the visitor starts at its first field */
  focusFirstField: boolean;
  onEdit: (values: Partial<FormValues>) => void;
  onSubmit: () => void;
}

/**
 * The form's fields as the form asks them: the visitor, their job (the form's own proposed), their organization
 * (its name asked unless the form lets it go), a message and the newsletter where the form offers them. A refused
 * send puts each problem on its field and moves focus to the first of them, or to the alert when none is a field's.
 */
export function ContactForm(props: ContactFormProps) {
  const { form, values, errors, notice, refusals } = props;
  const t = useT<Messages>();
  const lookup = useMessageLookup();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    const first = FIELD_ORDER.find((field) => errors[field]);
    const control = first
      ? formRef.current?.querySelector<HTMLElement>(
          `[data-field="${first}"] :is(input:not([type="hidden"]), textarea, button)`,
        )
      : null;
    (control ?? alertRef.current)?.focus();
    // once per refused send, with what it found
  }, [refusals]);

  const problem = (field: Field) =>
    errors[field] ? t(`contacts.form.problem.${errors[field]}` as keyof Messages) : undefined;
  const required = (label: string) => t('contacts.form.requiredLabel', { label });
  const text = (field: Exclude<Field, 'userJob' | 'userHasMailSubscription'>) => ({
    name: field,
    value: values[field],
    onChange: (value: string) => props.onEdit({ [field]: value }),
    errorMessage: problem(field),
    maxLength: MAX_LENGTH[field],
  });
  // a job's name in the reader's language where the accounts' words name it, else the list's own
  const jobOptions = props.jobs.map((job) => ({
    id: job.id,
    label: lookup(`account.job.${job.id}`) ?? job.name,
  }));
  const alert = notice
    ? t(`contacts.form.notice.${notice}` as keyof Messages)
    : props.captchaFailed
      ? t('contacts.form.notice.captchaFailed')
      : null;

  return (
    <Form
      ref={formRef}
      validationBehavior="aria"
      aria-labelledby={props.labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Group>
        <legend>{t('contacts.form.aboutYou')}</legend>
        <div data-field="userFirstName">
          <TextField
            {...text('userFirstName')}
            label={required(t('contacts.form.firstName'))}
            autoComplete="given-name"
            isRequired
            autoFocus={props.focusFirstField}
          />
        </div>
        <div data-field="userLastName">
          <TextField
            {...text('userLastName')}
            label={required(t('contacts.form.lastName'))}
            autoComplete="family-name"
            isRequired
          />
        </div>
        <div data-field="userEmail">
          <TextField
            {...text('userEmail')}
            label={required(t('contacts.form.email'))}
            type="email"
            autoComplete="email"
            isRequired
            {...(form.onlyOneInput ? { description: t('contacts.form.emailOnce') } : {})}
          />
        </div>
        <div data-field="userPhone">
          <TextField {...text('userPhone')} label={t('contacts.form.phone')} type="tel" autoComplete="tel" />
        </div>
        {jobOptions.length ? (
          <SelectSlot data-field="userJob">
            <Select
              label={t('contacts.form.job')}
              placeholder={t('contacts.form.jobPlaceholder')}
              options={jobOptions}
              selectedKey={values.userJob}
              onSelectionChange={(key) => props.onEdit({ userJob: key === null ? null : String(key) })}
              errorMessage={problem('userJob')}
            />
          </SelectSlot>
        ) : null}
        {asksJobOther(values) ? (
          <div data-field="userJobOther">
            <TextField
              {...text('userJobOther')}
              label={required(t('contacts.form.jobOther'))}
              autoComplete="organization-title"
              isRequired
            />
          </div>
        ) : null}
      </Group>
      <Group>
        <legend>{t('contacts.form.organization')}</legend>
        <div data-field="organizationName">
          <TextField
            {...text('organizationName')}
            label={
              organizationRequired(form)
                ? required(t('contacts.form.organizationName'))
                : t('contacts.form.organizationName')
            }
            autoComplete="organization"
            isRequired={organizationRequired(form)}
          />
        </div>
        <div data-field="organizationUnitName">
          <TextField {...text('organizationUnitName')} label={t('contacts.form.organizationUnitName')} />
        </div>
        <div data-field="organizationContactAddress">
          <TextField
            {...text('organizationContactAddress')}
            label={t('contacts.form.organizationContactAddress')}
            autoComplete="street-address"
            multiline
          />
        </div>
      </Group>
      {form.allowMessage ? (
        <div data-field="message">
          <TextField {...text('message')} label={t('contacts.form.message')} multiline />
        </div>
      ) : null}
      {form.isSubscriptionForm ? (
        <div data-field="userHasMailSubscription">
          <Checkbox
            name="userHasMailSubscription"
            isSelected={values.userHasMailSubscription}
            onChange={(selected) => props.onEdit({ userHasMailSubscription: selected })}
            isInvalid={Boolean(errors.userHasMailSubscription)}
          >
            {t('contacts.form.subscribe')}
          </Checkbox>
        </div>
      ) : null}
      {alert ? (
        <NoticeBox ref={alertRef} role="alert" tabIndex={-1} $tone="error">
          <p>{alert}</p>
        </NoticeBox>
      ) : null}
      <Actions>
        <Button type="submit" isPending={props.pending}>
          {props.pending ? t('contacts.form.sending') : t('contacts.form.submit')}
        </Button>
      </Actions>
    </Form>
  );
}
