import { OTHER_JOB_ID } from '@platform/contracts/accounts/reference';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { Select } from '../../../kit/ui/select.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type en from './messages/en.json';
import {
  identityBody,
  identityValues,
  patchUser,
  readReferenceList,
  type ReferenceOption,
} from './profile-api.ts';
import { ProfileSection, SectionFormView, useSectionForm } from './section-form.tsx';

const FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'description',
  'organizationName',
  'jobId',
  'jobOther',
  'userCategoryId',
] as const;
const NONE = 'none';

/** GET /jobs or /user-categories once; a failed read leaves the list empty (the shell reports it). */
function useReferenceList(type: 'jobs' | 'user-categories'): ReferenceOption[] {
  const api = useApi();
  const { state } = useLoaded((signal) => readReferenceList(api, type, signal), [api, type]);
  return state.status === 'ready' ? state.value : [];
}

/** Identity (seed 000 §3 user): names, phone, description, organization name, job and user category. */
export function IdentitySection() {
  const t = useT<typeof en>();
  const lookup = useMessageLookup();
  const api = useApi();
  const jobs = useReferenceList('jobs');
  const categories = useReferenceList('user-categories');
  const form = useSectionForm({
    id: 'identity',
    fromUser: identityValues,
    fields: FIELDS,
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const field of ['firstName', 'lastName'] as const) {
        if (String(values[field] ?? '').trim() === '') errors[field] = t('account.error.required');
      }
      return errors;
    },
    submit: async (values, _baseline, user) => {
      const body = identityBody(values);
      return (await patchUser(api, user, body.attributes, body.relationships)).meta.position;
    },
    savedMessage: t('account.identity.saved'),
  });
  const { errors } = form;
  // names in the reader's language when this module knows the id, else the server's
  const named = (kind: 'job' | 'category', item: ReferenceOption) => ({
    id: item.id,
    label: lookup(`account.${kind}.${item.id}`) ?? item.name,
  });
  const withCurrent = (items: ReferenceOption[], current: string) =>
    current && !items.some((i) => i.id === current) ? [...items, { id: current, name: current }] : items;
  const jobOptions = [
    { id: NONE, label: t('account.identity.noChoice') },
    ...withCurrent(jobs, form.text('jobId')).map((j) => named('job', j)),
  ];
  const categoryOptions = [
    { id: NONE, label: t('account.identity.noChoice') },
    ...withCurrent(categories, form.text('userCategoryId')).map((c) => named('category', c)),
  ];
  const title = t('account.identity.title');

  return (
    <ProfileSection id="identity" title={title}>
      <SectionFormView form={form} label={title}>
        <TextField
          label={t('account.identity.firstName')}
          value={form.text('firstName')}
          onChange={(v) => form.edit('firstName', v)}
          errorMessage={errors.firstName}
          autoComplete="given-name"
          isRequired
        />
        <TextField
          label={t('account.identity.lastName')}
          value={form.text('lastName')}
          onChange={(v) => form.edit('lastName', v)}
          errorMessage={errors.lastName}
          autoComplete="family-name"
          isRequired
        />
        <TextField
          label={t('account.identity.phone')}
          type="tel"
          value={form.text('phone')}
          onChange={(v) => form.edit('phone', v)}
          errorMessage={errors.phone}
          autoComplete="tel"
        />
        <TextField
          label={t('account.identity.organizationName')}
          value={form.text('organizationName')}
          onChange={(v) => form.edit('organizationName', v)}
          errorMessage={errors.organizationName}
          autoComplete="organization"
        />
        <Select
          label={t('account.identity.job')}
          options={jobOptions}
          selectedKey={form.text('jobId') || NONE}
          onSelectionChange={(key) => form.edit('jobId', key === NONE || key === null ? '' : String(key))}
          errorMessage={errors.jobId}
        />
        {form.text('jobId') === OTHER_JOB_ID ? (
          <TextField
            label={t('account.identity.jobOther')}
            value={form.text('jobOther')}
            onChange={(v) => form.edit('jobOther', v)}
            errorMessage={errors.jobOther}
            autoComplete="organization-title"
          />
        ) : null}
        <Select
          label={t('account.identity.userCategory')}
          options={categoryOptions}
          selectedKey={form.text('userCategoryId') || NONE}
          onSelectionChange={(key) =>
            form.edit('userCategoryId', key === NONE || key === null ? '' : String(key))
          }
          errorMessage={errors.userCategoryId}
        />
        <TextField
          label={t('account.identity.description')}
          description={t('account.identity.descriptionHelp')}
          multiline
          value={form.text('description')}
          onChange={(v) => form.edit('description', v)}
          errorMessage={errors.description}
        />
      </SectionFormView>
    </ProfileSection>
  );
}
