import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { parseComponentProps } from '@platform/contracts/pages/components';
import type { PageEvent } from '@platform/contracts/pages/events';
import type { PageCommand } from './commands.ts';
import type { ActivePage } from '@platform/contracts/pages/state';

type Cmd<T extends PageCommand['type']> = Extract<PageCommand, { type: T }>;

const VIEW_ID_POINTER = '/data/attributes/viewId';

function findComponent(page: ActivePage, componentId: string) {
  const component = page.components.find((c) => c.componentId === componentId);
  if (!component)
    throw new NotFoundError(`app-page-component ${componentId} not found on page ${page.pageId}`);
  return component;
}

function assertViewIdFree(page: ActivePage, viewId: string | null, componentId: string) {
  if (viewId !== null && page.components.some((c) => c.viewId === viewId && c.componentId !== componentId)) {
    throw ValidationError.at(
      VIEW_ID_POINTER,
      `viewId "${viewId}" is already used by another component of this page`,
    );
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function addComponent(command: Cmd<'AddAppPageComponent'>, page: ActivePage): PageEvent[] {
  const { componentId, attributes } = command.data;
  if (page.components.some((c) => c.componentId === componentId)) {
    throw new ConflictError(
      'conflict.duplicate_id',
      `app-page-component ${componentId} already exists`,
      '/data/id',
    );
  }
  const props = parseComponentProps(attributes.name, attributes.props);
  assertViewIdFree(page, attributes.viewId, componentId);
  const end = page.components.length;
  // A position past the end appends; a taken one pushes the others on (see pages.ts insertAt).
  const position = attributes.position === null ? end : Math.min(attributes.position, end);
  return [
    {
      type: 'AppPageComponentAdded',
      data: {
        pageId: page.pageId,
        componentId,
        name: attributes.name,
        viewId: attributes.viewId,
        position,
        props,
      },
    },
  ];
}

export function moveComponent(command: Cmd<'MoveAppPageComponent'>, page: ActivePage): PageEvent[] {
  const { componentId, position } = command.data;
  const component = findComponent(page, componentId);
  if (!Number.isInteger(position) || position < 0) {
    throw ValidationError.at('/data/attributes/position', 'position must be a non-negative integer');
  }
  const to = Math.min(position, page.components.length - 1);
  if (to === component.position) return [];
  return [
    {
      type: 'AppPageComponentMoved',
      data: {
        pageId: page.pageId,
        componentId,
        fromPosition: component.position,
        toPosition: to,
      },
    },
  ];
}

export function updateComponent(command: Cmd<'UpdateAppPageComponent'>, page: ActivePage): PageEvent[] {
  const { componentId, attributes } = command.data;
  const component = findComponent(page, componentId);
  const name = attributes.name ?? component.name;
  const viewId = attributes.viewId === undefined ? component.viewId : attributes.viewId;
  // Props are re-checked when the type changes too: old props must fit the new type or be replaced.
  const props =
    attributes.props !== undefined || name !== component.name
      ? parseComponentProps(name, attributes.props ?? component.props)
      : component.props;
  assertViewIdFree(page, viewId, componentId);
  const events: PageEvent[] = [];
  if (name !== component.name || viewId !== component.viewId || !sameJson(props, component.props)) {
    events.push({
      type: 'AppPageComponentUpdated',
      data: {
        pageId: page.pageId,
        componentId,
        name,
        viewId,
        props,
      },
    });
  }
  if (attributes.position !== undefined) {
    events.push(
      ...moveComponent(
        {
          type: 'MoveAppPageComponent',
          data: { pageId: page.pageId, componentId, position: attributes.position },
          metadata: command.metadata,
        },
        page,
      ),
    );
  }
  return events;
}

export function removeComponent(command: Cmd<'RemoveAppPageComponent'>, page: ActivePage): PageEvent[] {
  const component = findComponent(page, command.data.componentId);
  return [
    {
      type: 'AppPageComponentRemoved',
      data: {
        pageId: page.pageId,
        componentId: component.componentId,
        position: component.position,
      },
    },
  ];
}
