import { forwardRef } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { NoticeBox } from '../../../kit/ui/notice-box.ts';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { PageContainer } from '../../../kit/ui/page-container.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import type { AuthForm as AuthFormState } from './use-auth-form.ts';

const Narrow = styled(PageContainer)`
  max-width: 34rem;
`;

/** An auth screen: a narrow column, its title in the document and the h1 (seed 000 §2.7 title announcement). */
export function AuthPage({ title, children }: { title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <Narrow>
      <h1>{title}</h1>
      {children}
    </Narrow>
  );
}

/**
 * The frame of the auth forms (sign in, register, forgot and reset password): the page and its title, what
 * stands before the form (a notice in its live region, a lead), the form's own alert, the form named by the
 * title with its fields and its submit button, and the links to the other auth screens. `instead` replaces the
 * form once it has nothing more to do (the link was sent, the link was refused).
 */
export function AuthFormScreen<F extends string>({
  title,
  form,
  before,
  lead,
  instead,
  submit,
  links,
  children,
}: {
  title: string;
  form: Pick<AuthFormState<F>, 'formError' | 'alertRef' | 'formRef' | 'onSubmit' | 'pending'>;
  before?: React.ReactNode;
  /** after the form's alert, before the form */
  lead?: React.ReactNode;
  instead?: React.ReactNode;
  submit: { label: string; pendingLabel: string };
  links: React.ReactNode;
  /** the fields */
  children: React.ReactNode;
}) {
  return (
    <AuthPage title={title}>
      {before}
      {form.formError ? <FormAlert ref={form.alertRef}>{form.formError}</FormAlert> : null}
      {lead}
      {instead ?? (
        <AuthForm ref={form.formRef} onSubmit={form.onSubmit} aria-label={title}>
          {children}
          <div>
            <SubmitButton pending={form.pending} {...submit} />
          </div>
        </AuthForm>
      )}
      <LinkRow>{links}</LinkRow>
    </AuthPage>
  );
}

/**
 * Every auth form: react-aria validation on aria attributes (no native bubbles), so the messages a screen sets
 * are the ones shown and tied to their fields.
 */
export const AuthForm = styled(Form).attrs({ validationBehavior: 'aria' })`
  display: flex;
  flex-direction: column;
  margin-top: 1rem;
`;

/**
 * A message about the whole form. role="alert" is announced as soon as it appears; it takes focus after a failed
 * submit that names no field (tabIndex -1: focusable by script only).
 */
export const FormAlert = forwardRef<HTMLDivElement, { children: React.ReactNode }>(function FormAlert(
  { children },
  ref,
) {
  return (
    <NoticeBox ref={ref} role="alert" tabIndex={-1} $tone="error">
      {children}
    </NoticeBox>
  );
});

/** A boxed notice: a confirmation, or why the visitor was sent here. Put it in a StatusRegion to announce it. */
export function Notice({
  children,
  tone = 'info',
}: {
  children: React.ReactNode;
  tone?: 'info' | 'success' | 'warning';
}) {
  return <NoticeBox $tone={tone}>{children}</NoticeBox>;
}

/**
 * A polite live region that stays in the page while empty, so that a notice put into it later is announced.
 */
export const StatusRegion = styled.div.attrs({ role: 'status' })``;

/**
 * The submit button: while the call is on its way it stays focusable, is aria-disabled, cannot submit again
 * (react-aria's pending state) and says what is happening.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" isPending={pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** A checkbox with its label (the kit's). */
export { Checkbox } from '../../../kit/ui/checkbox.tsx';

export const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  margin: 1.5rem 0 0;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;
