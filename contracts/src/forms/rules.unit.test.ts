import { describe, expect, it } from 'vitest';
import {
  checkAnswer,
  checkSection,
  configProblems,
  formHeading,
  formWindow,
  missingAnswers,
  sectionsOf,
  type FormFieldView,
} from './rules.ts';

const field = (id: string, position: number, over: Partial<FormFieldView> = {}): FormFieldView => ({
  id,
  position,
  title: id,
  description: null,
  required: false,
  fieldType: 'short_text',
  dataType: 'text',
  config: {},
  ...over,
});

describe("a form's pages (seed 001 §3: a field is a section when its type is section)", () => {
  it('starts a page at each section, in the positions, the questions before any section on a page of their own', () => {
    const fields = [
      field('later', 20, { fieldType: 'section' }),
      field('q3', 21),
      field('q1', 1),
      field('q2', 1),
      field('intro', 5, { fieldType: 'section', description: 'Hello' }),
      field('q0', 0),
    ];
    expect(sectionsOf(fields).map((s) => [s.id, s.fields.map((f) => f.id)])).toEqual([
      [null, ['q0', 'q1', 'q2']],
      ['intro', []],
      ['later', ['q3']],
    ]);
    expect(sectionsOf([])).toEqual([]);
  });

  it("takes the form's title and description from its first field", () => {
    expect(formHeading([field('b', 2), field('a', 1, { title: 'First', description: 'About' })])).toEqual({
      title: 'First',
      description: 'About',
    });
    expect(formHeading([])).toEqual({ title: null, description: null });
  });
});

describe('an answer checked against its field', () => {
  it('keeps an empty answer to an optional question as none, and refuses it to a required one', () => {
    expect(checkAnswer(field('a', 0), '  ')).toEqual({ value: null });
    expect(checkAnswer(field('a', 0, { fieldType: 'checkbox', dataType: null }), undefined)).toEqual({
      value: false,
    });
    const refused = checkAnswer(field('a', 0, { required: true }), '');
    expect(refused).toMatchObject({ problem: { reason: 'required', code: 'validation.required' } });
    expect(
      checkAnswer(field('a', 0, { required: true, fieldType: 'checkbox', dataType: null }), false),
    ).toMatchObject({ problem: { reason: 'mustTick' } });
  });

  it('checks a short text by its data type, and keeps numbers as numbers', () => {
    const check = (dataType: FormFieldView['dataType'], value: string, config = {}) =>
      checkAnswer(field('a', 0, { dataType, config }), value);
    expect(check('email', ' Ana@Example.ORG ')).toEqual({ value: 'ana@example.org' });
    expect(check('email', 'ana@')).toMatchObject({ problem: { reason: 'email' } });
    expect(check('phone', '+40 (721) 000-000')).toEqual({ value: '+40 (721) 000-000' });
    expect(check('phone', 'call me')).toMatchObject({ problem: { reason: 'phone' } });
    expect(check('url', 'javascript:alert(1)')).toMatchObject({ problem: { reason: 'url' } });
    expect(check('date', '2028-02-29')).toEqual({ value: '2028-02-29' });
    expect(check('date', '2026-02-30')).toMatchObject({ problem: { reason: 'date' } });
    expect(check('date', '30/02/2026')).toMatchObject({ problem: { reason: 'date' } });
    expect(check('decimal', '1,5')).toEqual({ value: 1.5 });
    expect(check('integer', '1.5')).toMatchObject({ problem: { reason: 'integer' } });
    expect(check('integer', '81', { min: 0, max: 80 })).toMatchObject({
      problem: { reason: 'range', limits: { min: 0, max: 80 } },
    });
    expect(check('text', 'abcdef', { maxLength: 5 })).toMatchObject({
      problem: { reason: 'tooLong', limits: { max: 5 } },
    });
  });

  it("takes only the choices offered, in the field's order, as many as it allows", () => {
    const single = field('a', 0, {
      fieldType: 'single_choice',
      dataType: null,
      config: { choices: ['x', 'y'] },
    });
    expect(checkAnswer(single, 'y')).toEqual({ value: 'y' });
    expect(checkAnswer(single, 'z')).toMatchObject({ problem: { reason: 'choice' } });
    const multiple = field('b', 0, {
      fieldType: 'multiple_choice',
      dataType: null,
      config: { choices: ['x', 'y', 'z'], maxSelected: 2 },
    });
    expect(checkAnswer(multiple, ['z', 'x'])).toEqual({ value: ['x', 'z'] });
    expect(checkAnswer(multiple, ['x', 'y', 'z'])).toMatchObject({ problem: { reason: 'tooMany' } });
    expect(checkAnswer(multiple, 'x')).toMatchObject({ problem: { reason: 'choice' } });
  });
});

describe("a page's answers and a response's", () => {
  const page = sectionsOf([
    field('s', 0, { fieldType: 'section' }),
    field('name', 1, { required: true }),
    field('age', 2, { dataType: 'integer' }),
  ])[0]!;

  it('checks every question of the page, and refuses answers to others', () => {
    expect(checkSection(page, { name: ' Ana ', age: '40' })).toEqual({
      values: { name: 'Ana', age: 40 },
      problems: [],
    });
    expect(checkSection(page, { other: 'x' }).problems.map((p) => [p.fieldId, p.reason])).toEqual([
      ['other', 'notOnPage'],
      ['name', 'required'],
    ]);
  });

  it('names the required questions still unanswered, with their page', () => {
    const sections = sectionsOf([
      field('a', 0, { required: true }),
      field('s', 1, { fieldType: 'section' }),
      field('b', 2, { required: true }),
      field('c', 3),
    ]);
    expect(missingAnswers(sections, { a: 'yes' }).map((m) => [m.section, m.field.id])).toEqual([[1, 'b']]);
    expect(missingAnswers(sections, { a: 'yes', b: 'too' })).toEqual([]);
  });
});

describe('when a form takes responses (seed 001 §4: between openAt and closeAt)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('is open between its dates, from openAt and until closeAt', () => {
    expect(formWindow({ openAt: null, closeAt: null }, now)).toBe('open');
    expect(formWindow({ openAt: '2026-06-01T12:00:00Z', closeAt: null }, now)).toBe('open');
    expect(formWindow({ openAt: '2026-06-02T00:00:00Z', closeAt: null }, now)).toBe('notYetOpen');
    expect(formWindow({ openAt: null, closeAt: '2026-06-01T12:00:00Z' }, now)).toBe('closed');
  });
});

describe("a field's config against its type", () => {
  it('asks a choice question for two choices or more, each once, and nothing of the others', () => {
    expect(configProblems('single_choice', { choices: ['a', 'b'] })).toEqual([]);
    expect(configProblems('single_choice', { choices: ['a'] })).toHaveLength(1);
    expect(configProblems('multiple_choice', { choices: ['a', 'a'] })).toHaveLength(1);
    expect(configProblems('short_text', { choices: ['a', 'b'] })).toHaveLength(1);
    expect(configProblems('short_text', { maxSelected: 2 })).toHaveLength(1);
    expect(configProblems('short_text', { min: 5, max: 1 })).toHaveLength(1);
  });
});
