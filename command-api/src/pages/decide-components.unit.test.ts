import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { PageEvent } from '@platform/contracts/pages/events';
import { deciderSpec } from '@platform/tests/support/decider-spec';
import { pageDecider } from './decide.ts';
import { C1, C2, C3, PAGE_ID, command, componentAdded, created } from './fixtures.ts';

const spec = deciderSpec(pageDecider);
const three = [created(), componentAdded(C1, 0), componentAdded(C2, 1), componentAdded(C3, 2)];
const add = (attributes: Record<string, unknown>, componentId = C1) =>
  command('AddAppPageComponent', {
    pageId: PAGE_ID,
    componentId,
    attributes: { viewId: null, position: null, props: {}, name: 'title', ...attributes } as never,
  });
const update = (attributes: Record<string, unknown>, componentId = C1) =>
  command('UpdateAppPageComponent', { pageId: PAGE_ID, componentId, attributes });
const order = (events: PageEvent[]) => {
  const state = spec.given(events).state;
  return state.status === 'empty'
    ? []
    : (state as { components: { componentId: string; position: number }[] }).components.map((c) => [
        c.componentId,
        c.position,
      ]);
};

describe('AddAppPageComponent', () => {
  it('validates props by component type and fills the defaults in', () => {
    const [event] = spec
      .given([created()])
      .when(add({ name: 'clients', props: { title: 'Partners' } }))
      .then([
        {
          type: 'AppPageComponentAdded',
          data: {
            pageId: PAGE_ID,
            componentId: C1,
            name: 'clients',
            viewId: null,
            position: 0,
            props: { inverseBackground: false, title: 'Partners', logoMaxSize: 150, logos: [] },
          },
        },
      ]);
    expect(event?.type).toBe('AppPageComponentAdded');
  });

  it('gives the contact block its default button paths', () => {
    const [event] = pageDecider.decide(add({ name: 'contact' }), spec.given([created()]).state);
    expect(event?.data).toMatchObject({
      props: {
        contactUsPath: '/contact-us',
        newsletterPath: '/newsletter/subscribe',
        inverseBackground: false,
      },
    });
  });

  it('refuses an unknown component type, pointing at the name', () => {
    spec
      .given([created()])
      .when(add({ name: 'carousel-of-doom' }))
      .thenThrows(ValidationError, {
        code: 'validation.unknown_component_type',
        issues: [expect.objectContaining({ pointer: '/data/attributes/name' })],
      });
  });

  it('refuses invalid props, pointing into them', () => {
    spec
      .given([created()])
      .when(add({ name: 'title', props: {} }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/props/title' })],
      });
    spec
      .given([created()])
      .when(add({ name: 'title', props: { title: 'x', level: 9 } }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/props/level' })],
      });
    spec
      .given([created()])
      .when(
        add({
          name: 'hero',
          props: { buttons: [{ kind: 'external', label: 'Go', url: 'javascript:alert(1)' }] },
        }),
      )
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/props/buttons/0/url' })],
      });
    spec
      .given([created()])
      .when(add({ name: 'title', props: { title: 'x', colour: 'red' } }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/props' })],
      });
    spec
      .given([created()])
      .when(add({ name: 'video', props: { embedUrl: 'https://videos.example/watch?v=abcdefghijk' } }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/props/embedUrl' })],
      });
  });

  it('accepts a known video provider URL', () => {
    spec
      .given([created()])
      .when(add({ name: 'video', props: { embedUrl: 'https://youtu.be/dQw4w9WgXcQ?t=42' } }))
      .then([expect.objectContaining({ type: 'AppPageComponentAdded' }) as never]);
  });

  it('appends at the end when no position is given, and clamps a position past the end', () => {
    spec
      .given([created(), componentAdded(C1, 0)])
      .when(add({ props: { title: 'second' } }, C2))
      .then([expect.objectContaining({ data: expect.objectContaining({ position: 1 }) }) as never]);
    spec
      .given([created(), componentAdded(C1, 0)])
      .when(add({ position: 40, props: { title: 'second' } }, C2))
      .then([expect.objectContaining({ data: expect.objectContaining({ position: 1 }) }) as never]);
  });

  it('shifts the components at or after a taken position', () => {
    const events = [created(), componentAdded(C1, 0), componentAdded(C2, 1), componentAdded(C3, 0)];
    expect(order(events)).toEqual([
      [C3, 0],
      [C1, 1],
      [C2, 2],
    ]);
  });

  it('refuses a component id used already on the page', () => {
    spec
      .given([created(), componentAdded(C1, 0)])
      .when(add({ props: { title: 'again' } }))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('refuses a viewId used by another component of the page', () => {
    const withView: PageEvent = { ...componentAdded(C1, 0) };
    if (withView.type === 'AppPageComponentAdded') withView.data = { ...withView.data, viewId: 'team' };
    spec
      .given([created(), withView])
      .when(add({ viewId: 'team', props: { title: 'x' } }, C2))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/viewId' })],
      });
  });

  it('refuses a page that does not exist', () => {
    spec
      .given([])
      .when(add({ props: { title: 'x' } }))
      .thenThrows(NotFoundError);
  });
});

describe('UpdateAppPageComponent', () => {
  it('replaces props validated against the component type', () => {
    spec
      .given(three)
      .when(update({ props: { title: 'New', alignment: 'center' } }))
      .then([
        {
          type: 'AppPageComponentUpdated',
          data: {
            pageId: PAGE_ID,
            componentId: C1,
            name: 'title',
            viewId: null,
            props: {
              inverseBackground: false,
              title: 'New',
              subtitle: '',
              level: 2,
              alignment: 'center',
              size: 'medium',
              color: null,
              subtitleColor: null,
              reverseOrder: false,
            },
          },
        },
      ]);
  });

  it('checks the old props against a new type', () => {
    spec
      .given(three)
      .when(update({ name: 'buttons' }))
      .thenThrows(ValidationError, {
        // the props a buttons block needs are missing, and the title block's own are unknown to it
        issues: [
          expect.objectContaining({ pointer: '/data/attributes/props/buttons' }),
          expect.objectContaining({ pointer: '/data/attributes/props' }),
        ],
      });
    spec
      .given(three)
      .when(update({ name: 'no-such-type' }))
      .thenThrows(ValidationError, {
        code: 'validation.unknown_component_type',
        issues: [expect.objectContaining({ pointer: '/data/attributes/name' })],
      });
  });

  it('records nothing when nothing changes', () => {
    spec
      .given(three)
      .when(update({ viewId: null, position: 0 }))
      .then([]);
  });

  it('moves the component when the position changes', () => {
    spec
      .given(three)
      .when(update({ position: 2 }))
      .then([
        {
          type: 'AppPageComponentMoved',
          data: { pageId: PAGE_ID, componentId: C1, fromPosition: 0, toPosition: 2 },
        },
      ]);
  });

  it('refuses an unknown component', () => {
    spec
      .given(three)
      .when(update({ viewId: 'x' }, 'c0000000-0000-4000-8000-00000000000f'))
      .thenThrows(NotFoundError);
  });
});

describe('MoveAppPageComponent', () => {
  const move = (componentId: string, position: number) =>
    command('MoveAppPageComponent', { pageId: PAGE_ID, componentId, position });

  it('shifts the components between the old and the new place', () => {
    const [down] = pageDecider.decide(move(C1, 2), spec.given(three).state);
    expect(order([...three, down!])).toEqual([
      [C2, 0],
      [C3, 1],
      [C1, 2],
    ]);
    const [up] = pageDecider.decide(move(C3, 0), spec.given(three).state);
    expect(order([...three, up!])).toEqual([
      [C3, 0],
      [C1, 1],
      [C2, 2],
    ]);
  });

  it('clamps a position past the end to the last place, and a move in place records nothing', () => {
    spec
      .given(three)
      .when(move(C1, 99))
      .then([expect.objectContaining({ data: expect.objectContaining({ toPosition: 2 }) }) as never]);
    spec.given(three).when(move(C2, 1)).then([]);
  });

  it('refuses a negative position and an unknown component', () => {
    spec
      .given(three)
      .when(move(C1, -1))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/position' })],
      });
    spec.given([created()]).when(move(C1, 0)).thenThrows(NotFoundError);
  });
});

describe('RemoveAppPageComponent', () => {
  it('removes the component and closes the gap', () => {
    const remove = command('RemoveAppPageComponent', { pageId: PAGE_ID, componentId: C2 });
    spec
      .given(three)
      .when(remove)
      .then([
        {
          type: 'AppPageComponentRemoved',
          data: { pageId: PAGE_ID, componentId: C2, position: 1 },
        },
      ]);
    const [removed] = pageDecider.decide(remove, spec.given(three).state);
    expect(order([...three, removed!])).toEqual([
      [C1, 0],
      [C3, 1],
    ]);
  });

  it('refuses a component that is not on the page', () => {
    spec
      .given([created()])
      .when(command('RemoveAppPageComponent', { pageId: PAGE_ID, componentId: C1 }))
      .thenThrows(NotFoundError);
  });
});
