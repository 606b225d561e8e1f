import styled from 'styled-components';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import { useSignedInUser } from '../../../kit/session/session.tsx';
import type { SessionUser } from '../../../kit/session/documents.ts';
import { RadioGroup } from '../../../kit/ui/radio-group.tsx';
import type en from './messages/en.json';
import { switchActingOrganization } from './profile-api.ts';
import { ProfileSection, SectionFormView, useSectionForm } from './section-form.tsx';

const NOBODY = 'none';
const FIELDS = ['acting'] as const;

const actingValues = (user: SessionUser) => ({ acting: user.actingAsOrganizationId ?? NOBODY });

const List = styled.ul`
  margin: 0 0 1.25rem;
  padding-left: 1.25rem;
  li {
    margin-bottom: 0.25rem;
  }
`;

/**
 * The organizations the user belongs to, with their access level, and on whose behalf the user acts (seed
 * 000 §1, §6: the acting organization's level replaces the user's). The switch is a command of its own.
 */
export function OrganizationsSection() {
  const t = useT<typeof en>();
  const lookup = useMessageLookup();
  const api = useApi();
  const user = useSignedInUser();
  const form = useSectionForm({
    id: 'organizations',
    fromUser: actingValues,
    fields: FIELDS,
    submit: async (values, _baseline, u) => {
      const acting = String(values.acting ?? NOBODY);
      return (await switchActingOrganization(api, u.id, acting === NOBODY ? null : acting)).meta.position;
    },
    savedMessage: t('account.organizations.saved'),
  });
  const level = (id: string | null) =>
    id === null ? t('account.organizations.noLevel') : (lookup(`account.accessLevel.${id}`) ?? id);
  const title = t('account.organizations.title');

  return (
    <ProfileSection id="organizations" title={title} intro={t('account.organizations.intro')}>
      <List aria-label={t('account.organizations.listLabel')}>
        {user.organizations.map((o) => (
          <li key={o.id}>{t('account.organizations.item', { name: o.name, level: level(o.accessLevel) })}</li>
        ))}
      </List>
      <SectionFormView form={form} label={title}>
        <RadioGroup
          label={t('account.organizations.actingAs')}
          value={form.text('acting')}
          onChange={(v) => form.edit('acting', v)}
          isInvalid={Boolean(form.errors.acting)}
          options={[
            { id: NOBODY, label: t('account.organizations.nobody') },
            ...user.organizations.map((o) => ({ id: o.id, label: o.name })),
          ]}
        />
      </SectionFormView>
    </ProfileSection>
  );
}
