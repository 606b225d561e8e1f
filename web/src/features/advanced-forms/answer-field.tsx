import {
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  type FormAnswer,
  type FormDataType,
  type FormFieldView,
} from '@platform/contracts/forms/rules';
import { useId } from 'react';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { Checkbox } from '../../kit/ui/checkbox.tsx';
import { CheckboxGroup } from '../../kit/ui/checkbox-group.tsx';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField, type TextFieldProps } from '../../kit/ui/text-field.tsx';
import type en from './messages/en.json';

type Messages = typeof en;

/** A choice or a box: the kit's groups leave the words below them to their caller. */
const Choice = styled.div`
  margin-bottom: 1.25rem;
  /* the group's own space below it goes below its words instead */
  & > :first-child {
    margin-bottom: 0;
  }
  .hint,
  .problem {
    margin: 0.25rem 0 0;
    font-size: 0.875rem;
  }
  .hint {
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-line;
  }
  .problem {
    color: ${({ theme }) => theme.colors.error};
  }
`;

/** The keyboard and checks a short text's data type calls for (an e-mail address, a phone number, a number…). */
function inputOf(dataType: FormDataType | null): Pick<TextFieldProps, 'type' | 'inputMode'> {
  switch (dataType) {
    case 'email':
      return { type: 'email', inputMode: 'email' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel' };
    case 'url':
      return { type: 'url', inputMode: 'url' };
    case 'integer':
      return { inputMode: 'numeric' };
    case 'decimal':
      return { inputMode: 'decimal' };
    case 'date':
      return { type: 'date' };
    default:
      return {};
  }
}

const textOf = (value: FormAnswer | undefined) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const choicesOf = (value: FormAnswer | undefined) => (Array.isArray(value) ? value : []);

export interface AnswerFieldProps {
  field: FormFieldView;
  value: FormAnswer | undefined;
  /** what is wrong with the answer, in words */
  problem: string | undefined;
  onChange: (value: FormAnswer) => void;
}

/**
 * One question, by its field type: a short text (its keyboard by its data type), a long text, one choice (radio
 * buttons), several choices (checkboxes, with how many at most) or one box to tick. A required question says so in
 * its label, in words.
 */
export function AnswerField({ field, value, problem, onChange }: AnswerFieldProps) {
  const t = useT<Messages>();
  const hintId = useId();
  const problemId = useId();
  const label = field.required ? t('advancedForms.requiredLabel', { label: field.title }) : field.title;
  const description = field.description ?? undefined;
  const common = { name: field.id, isRequired: field.required, errorMessage: problem };

  switch (field.fieldType) {
    case 'short_text':
    case 'long_text': {
      const long = field.fieldType === 'long_text';
      const bound = long ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
      return (
        <TextField
          {...common}
          {...(long ? {} : inputOf(field.dataType))}
          label={label}
          {...(description ? { description } : {})}
          multiline={long}
          value={textOf(value)}
          onChange={onChange}
          maxLength={Math.min(field.config.maxLength ?? bound, bound)}
        />
      );
    }
    case 'single_choice': {
      const choices = field.config.choices ?? [];
      return (
        <Choice>
          <RadioGroup
            {...common}
            label={label}
            options={choices.map((choice) => ({ id: choice, label: choice }))}
            value={typeof value === 'string' ? value : null}
            onChange={onChange}
            {...(description ? { 'aria-describedby': hintId } : {})}
          />
          {description ? (
            <p className="hint" id={hintId}>
              {description}
            </p>
          ) : null}
        </Choice>
      );
    }
    case 'multiple_choice': {
      const most = field.config.maxSelected;
      const hint = [description, most !== undefined ? t('advancedForms.maxSelected', { max: most }) : null]
        .filter(Boolean)
        .join(' ');
      return (
        <CheckboxGroup
          {...common}
          label={label}
          {...(hint ? { description: hint } : {})}
          options={(field.config.choices ?? []).map((choice) => ({ id: choice, label: choice }))}
          value={choicesOf(value)}
          onChange={onChange}
        />
      );
    }
    case 'checkbox': {
      const describedBy = [description ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');
      return (
        <Choice>
          <Checkbox
            name={field.id}
            isSelected={value === true}
            onChange={onChange}
            isRequired={field.required}
            isInvalid={Boolean(problem)}
            {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          >
            {label}
          </Checkbox>
          {description ? (
            <p className="hint" id={hintId}>
              {description}
            </p>
          ) : null}
          {problem ? (
            <p className="problem" id={problemId}>
              {problem}
            </p>
          ) : null}
        </Choice>
      );
    }
    default:
      return null;
  }
}
