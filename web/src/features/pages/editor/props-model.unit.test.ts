import { COMPONENT_PROPS, COMPONENT_TYPES } from '@platform/contracts/pages/components';
import { describe, expect, it } from 'vitest';
import { propsNode } from './component-form.tsx';
import {
  describeSchema,
  fieldKeys,
  initialProps,
  initialValue,
  setAt,
  switchUnion,
  toProps,
  type ObjectNode,
  type UnionNode,
} from './props-model.ts';

const field = (node: ObjectNode, name: string) => {
  const found = node.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found.node;
};

describe('the props form read from a component type’s schema', () => {
  it('gives the title block one field per prop, with its kind, bounds and default', () => {
    const node = propsNode('title');
    expect(node.fields.map((f) => f.name)).toEqual([
      'inverseBackground',
      'title',
      'subtitle',
      'level',
      'alignment',
      'size',
      'color',
      'subtitleColor',
      'reverseOrder',
    ]);
    expect(field(node, 'title')).toMatchObject({ kind: 'text', multiline: false, maxLength: 500 });
    expect(field(node, 'subtitle')).toMatchObject({ kind: 'text', multiline: true, maxLength: 1000 });
    expect(field(node, 'level')).toMatchObject({
      kind: 'number',
      integer: true,
      min: 1,
      max: 6,
      defaultValue: 2,
    });
    expect(field(node, 'alignment')).toMatchObject({ kind: 'enum', values: ['left', 'center', 'right'] });
    expect(field(node, 'color')).toMatchObject({ kind: 'text', nullable: true, defaultValue: null });
    expect(field(node, 'inverseBackground')).toMatchObject({ kind: 'boolean', defaultValue: false });
  });

  it('reads lists, links (internal or external) and the nullable groups of a schema', () => {
    const buttons = field(propsNode('buttons'), 'buttons');
    expect(buttons).toMatchObject({ kind: 'array', min: 1, max: 10 });
    const link = (buttons as { item: UnionNode }).item;
    expect(link.kind).toBe('union');
    expect(link.discriminator).toBe('kind');
    expect(link.options.map((o) => [o.value, o.node.fields.map((f) => f.name)])).toEqual([
      ['internal', ['kind', 'label', 'path']],
      ['external', ['kind', 'label', 'url']],
    ]);
    const hero = propsNode('hero');
    expect(field(hero, 'titleImage')).toMatchObject({ kind: 'object', nullable: true });
    // an image's URL stays on one line, however long it may be
    const image = field(hero, 'titleImage') as ObjectNode;
    expect(field(image, 'url')).toMatchObject({ kind: 'text', multiline: false, minLength: 1 });
    expect(field(image, 'previewUrl')).toMatchObject({ kind: 'text', optional: true });
  });

  it('reads the ids of records an editor picks as a picker of that type (the selected open badges)', () => {
    const node = propsNode('selected-open-badges');
    const badges = node.fields.find((f) => f.name === 'badges')!.node;
    expect(badges).toMatchObject({ kind: 'records', type: 'open-badges', max: 24 });
    expect(initialValue(badges)).toEqual([]);
    // a list of plain texts stays a list
    expect(propsNode('hero').fields.find((f) => f.name === 'images')!.node.kind).toBe('array');
    // one record's id (a preset category), or none, is a picker of one
    const category = field(propsNode('repository-search'), 'category');
    expect(category).toMatchObject({ kind: 'records', type: 'repository-categories', single: true });
    expect(initialValue(category)).toBeNull();
  });

  it('looks through refinements: the video block is still an object of fields', () => {
    const video = describeSchema(COMPONENT_PROPS.video);
    expect(video.kind).toBe('object');
    expect((video as ObjectNode).fields.map((f) => f.name)).toContain('embedUrl');
    expect(field(propsNode('contact'), 'contactUsPath')).toMatchObject({
      kind: 'text',
      defaultValue: '/contact-us',
    });
  });

  it('starts every type from props the schema accepts, or that miss only what the editor must type', () => {
    const mustType: Record<string, string[]> = {
      buttons: ['buttons/0/path'],
      'image-banner': ['image/url'],
      video: ['embedUrl'],
    };
    for (const type of COMPONENT_TYPES) {
      const props = toProps(propsNode(type), initialProps(propsNode(type)));
      const parsed = COMPONENT_PROPS[type].safeParse(props);
      const failing = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('/'));
      expect([type, failing]).toEqual([type, mustType[type] ?? []]);
    }
  });
});

describe('the props a save sends', () => {
  const hero = propsNode('hero');

  it('sends an empty text as null where null is allowed and leaves out an empty optional one', () => {
    const contactCard = propsNode('contact-card');
    const props = toProps(contactCard, {
      ...initialProps(contactCard),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: '',
      phone: '',
    }) as Record<string, unknown>;
    expect(props).toMatchObject({ firstName: 'Ada', email: null, phone: null });
    expect(COMPONENT_PROPS['contact-card'].safeParse(props).success).toBe(true);
    const image = toProps(hero, {
      ...initialProps(hero),
      titleImage: { url: '/logo.png', previewUrl: '', alt: 'Logo' },
    }) as { titleImage: Record<string, unknown> };
    expect(image.titleImage).toEqual({ url: '/logo.png', alt: 'Logo' });
  });

  it('leaves out an empty number, for the server to name or to fill with its default', () => {
    const props = toProps(propsNode('title'), { title: 'Us', level: null }) as Record<string, unknown>;
    expect(props).toEqual({ title: 'Us' });
    expect(COMPONENT_PROPS.title.parse(props)).toMatchObject({ level: 2 });
  });

  it('keeps only the chosen link kind’s fields, and keys the schema does not know', () => {
    const buttons = propsNode('buttons');
    const props = toProps(buttons, {
      buttons: [{ kind: 'external', label: 'Go', url: 'https://example.org', path: '/left-over' }],
      colour: 'red',
    });
    expect(props).toEqual({
      buttons: [{ kind: 'external', label: 'Go', url: 'https://example.org' }],
      colour: 'red',
    });
  });
});

describe('editing values by path', () => {
  it('switches a link to the other kind, keeping its label', () => {
    const link = (field(propsNode('buttons'), 'buttons') as { item: UnionNode }).item;
    expect(switchUnion(link, { kind: 'internal', label: 'Team', path: '/team' }, 'external')).toEqual({
      kind: 'external',
      label: 'Team',
      url: '',
    });
  });

  it('replaces a nested value without touching the original', () => {
    const before = { buttons: [{ kind: 'internal', label: 'A', path: '/a' }] };
    const after = setAt(before, ['buttons', 0, 'label'], 'B');
    expect(after).toEqual({ buttons: [{ kind: 'internal', label: 'B', path: '/a' }] });
    expect(before.buttons[0]!.label).toBe('A');
  });

  it('lists the keys of the fields shown, to put server errors on them', () => {
    const keys = fieldKeys(propsNode('buttons'), {
      alignment: 'center',
      buttons: [{ kind: 'internal', label: 'A', path: '/a' }],
    });
    expect(keys).toEqual(
      expect.arrayContaining(['alignment', 'buttons', 'buttons.0', 'buttons.0.kind', 'buttons.0.path']),
    );
    expect(keys).not.toContain('buttons.0.url');
  });
});
