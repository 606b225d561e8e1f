import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from '../../kit/ui/button.tsx';
import { Checkbox } from '../../kit/ui/checkbox.tsx';
import { CheckboxGroup } from '../../kit/ui/checkbox-group.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import type { ContributionNotice, ReferenceLists } from './contribution.machine.ts';
import { useChoiceLabel, useContributionT, useProblemText } from './contribution-ui.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  FIELD_ORDER,
  MAX_LENGTH,
  type ContributionValues,
  type Field,
  type FieldErrors,
  type ManyList,
} from './contribution-values.ts';
import { ImageField } from './image-field.tsx';

/** The radio standing for no integration type: the list's ids are its fixed keys, never this. */
const NONE = '-';

const Section = styled.fieldset`
  border: none;
  margin: 0 0 1rem;
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

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;

export interface ContributionFormProps {
  lists: ReferenceLists;
  values: ContributionValues;
  errors: FieldErrors;
  notice: ContributionNotice | null;
  /** an existing product is edited (else a new one is contributed) */
  editing: boolean;
  pending: boolean;
  /** how many saves were refused: each moves the focus to what to fix */
  refusals: number;
  labelledBy: string;
  onEdit: (values: Partial<ContributionValues>) => void;
  onSubmit: () => void;
  /** after a conflict: the product as it now stands */
  onReload: () => void;
}

/**
 * The product's fields: its name and descriptions, its image; whether it is a device, what it runs on, how it is
 * accessed and its software; its keyboards, pictograms, conjugation and sellers. A refused save puts each problem on
 * its field and moves the focus to the first of them, or to the alert above the form when none is a field's.
 */
export function ContributionForm(props: ContributionFormProps) {
  const { lists, values, errors, notice, refusals } = props;
  const t = useContributionT();
  const problemText = useProblemText();
  const choiceLabel = useChoiceLabel();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (refusals === 0) return;
    const first = FIELD_ORDER.find((field) => errors[field]);
    const control = first
      ? formRef.current?.querySelector<HTMLElement>(
          `[data-field="${first}"] :is(input:not([type="hidden"]):not([type="file"]), textarea, button)`,
        )
      : null;
    (control ?? alertRef.current)?.focus();
    // once per refused save, with what it found
  }, [refusals]);

  const problem = (field: Field) => problemText(field, errors[field]);
  const text = (field: 'name' | 'shortDescription' | 'description' | 'website') => ({
    name: field,
    value: values[field],
    onChange: (value: string) => props.onEdit({ [field]: value }),
    errorMessage: problem(field),
  });
  const many = (field: ManyList) => (
    <div data-field={field}>
      <CheckboxGroup
        label={t(`aacContribution.field.${field}`)}
        {...(lists[field].length === 0 ? { description: t('aacContribution.field.emptyList') } : {})}
        options={lists[field].map((choice) => ({ id: choice.id, label: choiceLabel(field, choice) }))}
        value={values[field]}
        onChange={(ids) => props.onEdit({ [field]: ids })}
        errorMessage={problem(field)}
      />
    </div>
  );
  const formProblem = problemText('form', errors.form);
  const alert = notice ? t(`aacContribution.notice.${notice}`) : formProblem;

  return (
    <Form
      ref={formRef}
      validationBehavior="aria"
      aria-labelledby={props.labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!props.pending && !uploading) props.onSubmit();
      }}
    >
      {alert ? (
        <div role="alert" ref={alertRef} tabIndex={-1}>
          <NoticeBox $tone="error">
            <p>{alert}</p>
            {notice === 'conflict' ? (
              <p>
                <Button variant="secondary" size="small" onPress={props.onReload}>
                  {t('aacContribution.notice.reload')}
                </Button>
              </p>
            ) : null}
          </NoticeBox>
        </div>
      ) : null}
      <Section>
        <legend>{t('aacContribution.section.about')}</legend>
        <div data-field="name">
          <TextField
            label={t('aacContribution.field.name')}
            isRequired
            maxLength={MAX_LENGTH.name}
            autoComplete="off"
            {...text('name')}
          />
        </div>
        <div data-field="shortDescription">
          <TextField
            label={t('aacContribution.field.shortDescription')}
            description={t('aacContribution.field.shortDescriptionHelp')}
            multiline
            maxLength={MAX_LENGTH.shortDescription}
            {...text('shortDescription')}
          />
        </div>
        <div data-field="description">
          <TextField
            label={t('aacContribution.field.description')}
            description={t('aacContribution.field.descriptionHelp')}
            multiline
            maxLength={DESCRIPTION_MAX_LENGTH}
            {...text('description')}
          />
        </div>
        <div data-field="image">
          <ImageField
            value={values.image}
            {...(problem('image') ? { error: problem('image') } : {})}
            onChange={(image) => props.onEdit({ image })}
            onUploading={setUploading}
          />
        </div>
      </Section>
      <Section>
        <legend>{t('aacContribution.section.use')}</legend>
        <div data-field="isDevice">
          <Checkbox isSelected={values.isDevice} onChange={(isDevice) => props.onEdit({ isDevice })}>
            {t('aacContribution.field.isDevice')}
          </Checkbox>
        </div>
        {many('compatibleSystems')}
        {many('accessTypes')}
        <div data-field="integrationType">
          <RadioGroup
            label={t('aacContribution.field.integrationType')}
            options={[
              { id: NONE, label: t('aacContribution.integrationType.none') },
              ...lists.integrationType.map((choice) => ({
                id: choice.id,
                label: choiceLabel('integrationType', choice),
              })),
            ]}
            value={values.integrationType ?? NONE}
            onChange={(id) => props.onEdit({ integrationType: id === NONE ? null : id })}
            errorMessage={problem('integrationType')}
          />
        </div>
        {many('keyboardTypes')}
        {many('pictogramTypes')}
        {many('conjugationTypes')}
      </Section>
      <Section>
        <legend>{t('aacContribution.section.where')}</legend>
        <div data-field="website">
          <TextField
            type="url"
            label={t('aacContribution.field.website')}
            description={t('aacContribution.field.websiteHelp')}
            maxLength={MAX_LENGTH.website}
            inputMode="url"
            {...text('website')}
          />
        </div>
        {many('sellers')}
      </Section>
      <Actions>
        <Button type="submit" isPending={props.pending || uploading}>
          {props.editing ? t('aacContribution.submit.edit') : t('aacContribution.submit.new')}
        </Button>
      </Actions>
    </Form>
  );
}
