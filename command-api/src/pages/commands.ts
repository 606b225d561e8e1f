import type { Command } from '../decider.ts';
import type {
  CreateComponentAttributes,
  CreatePageAttributes,
  UpdateComponentAttributes,
  UpdatePageAttributes,
} from '@platform/contracts/pages/attributes';
import type { PageComponent, PageFields } from '@platform/contracts/pages/events';

/**
 * Commands of the `page-<uuid>` decider. Ids (page, component, draft) arrive in the data: the route
 * derives them, the decider never makes them up. Commands whose names start with Start/Apply/Discard
 * are the second half of a two-stream operation (draft, publish, delete of a draft), sent by the
 * command handlers, not by clients.
 */
export type PageCommand =
  | Command<'CreateAppPage', { pageId: string; attributes: CreatePageAttributes }>
  | Command<'UpdateAppPage', { pageId: string; attributes: UpdatePageAttributes }>
  | Command<'DeleteAppPage', { pageId: string }>
  | Command<
      'AddAppPageComponent',
      { pageId: string; componentId: string; attributes: CreateComponentAttributes }
    >
  | Command<
      'UpdateAppPageComponent',
      { pageId: string; componentId: string; attributes: UpdateComponentAttributes }
    >
  | Command<'MoveAppPageComponent', { pageId: string; componentId: string; position: number }>
  | Command<'RemoveAppPageComponent', { pageId: string; componentId: string }>
  /** on the page: link a new draft to it */
  | Command<'CreateAppPageDraft', { pageId: string; draftPageId: string }>
  /** on the draft's own stream: start it as a copy of its page (component ids already renewed) */
  | Command<
      'StartAppPageDraft',
      { draftPageId: string; draftOfPageId: string; fields: PageFields; components: PageComponent[] }
    >
  /** on the draft: it is published and removed */
  | Command<'PublishAppPageDraft', { pageId: string }>
  /** on the draft's page: take the draft's attributes and components */
  | Command<
      'ApplyAppPageDraft',
      { pageId: string; draftPageId: string; fields: PageFields; components: PageComponent[] }
    >
  /** on the draft's page: its draft was deleted */
  | Command<'DiscardAppPageDraft', { pageId: string; draftPageId: string }>;

export type PageCommandType = PageCommand['type'];
