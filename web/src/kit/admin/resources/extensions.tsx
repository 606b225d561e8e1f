import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { FormField, FormValue, FormValues } from './form-model.ts';
import type { ListSearch } from './list-query.ts';
import type { IncludedIndex } from './record-title.ts';
import type { ResourceRecord } from './resource-api.ts';

/** What a type's own actions on its show screen are given: the record as read, and how to read it again. */
export interface ShowActionsProps {
  definition: ResourceDefinition;
  record: ResourceRecord;
  /** the records of its relationships, by type and id (the show screen asks for every relationship) */
  included: IncludedIndex;
  viewer: ViewerFacts;
  /** reads the record again, at least at `position` (a command's answer) */
  reload: (position?: string) => void;
  /** shows a failed command's message on the screen, or clears it (null) */
  onError: (message: string | null) => void;
}

/** What a type's own actions on its list are given: the list's view as its address has it, and who looks. */
export interface ListActionsProps {
  definition: ResourceDefinition;
  viewer: ViewerFacts;
  /** the list's search, order and filters as its address has them (list-query.ts, `listHref` the way back) */
  search: ListSearch;
}

/**
 * What a type's own widget for one of its fields is given on the create and edit screens: the field, its value as
 * the form holds it (a JSON field's text, a relationship's ids), the form's other values (a workflow's chosen type),
 * and the server's error on it.
 */
export interface FieldWidgetProps {
  field: FormField;
  label: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string;
  /** every field's value as the form holds them now */
  values: FormValues;
  /** the records of its relationships, by type and id, as the form was read */
  included: IncludedIndex;
}

/**
 * What a module adds to the generic screens of one of its types (a workflow's commands beside the record's own),
 * declared once per type by the feature that owns the workflow: the generic screens stay one, the workflow's rules
 * stay in its module. The frame of the back office (features/admin) provides every module's extensions.
 */
export interface ResourceScreenExtension {
  /** more actions on the record's show screen (a lazy component is welcome: the slot waits for it) */
  showActions?: ComponentType<ShowActionsProps>;
  /** more actions on the type's list, beside its "New record" (a lazy component is welcome: the slot waits for it) */
  listActions?: ComponentType<ListActionsProps>;
  /**
   * the filters the list opens with (`{ status: 'pending' }`), until the reader chooses others; "any" is then kept
   * in the address, so that a reload shows what was chosen
   */
  defaultFilters?: Readonly<Record<string, string>>;
  /**
   * a field's own widget on the create and edit screens, by field name, in place of the one its kind gives (a
   * workflow's settings chosen among the form's questions rather than typed as JSON); a lazy component is welcome
   */
  fieldWidgets?: Readonly<Record<string, ComponentType<FieldWidgetProps>>>;
}

export type ResourceScreenExtensions = Readonly<Record<string, ResourceScreenExtension>>;

const ExtensionsContext = createContext<ResourceScreenExtensions>({});

/** Provides every module's extensions of the generic screens, by type. */
export const ResourceExtensionsProvider = ExtensionsContext.Provider;

const NONE: ResourceScreenExtension = {};

/** The extensions of one type's screens (none by default). */
export function useResourceExtension(type: string): ResourceScreenExtension {
  return useContext(ExtensionsContext)[type] ?? NONE;
}

/** A filter chosen as "any" where the list would otherwise open with a default one. */
export const ANY_FILTER = 'any';

/** The type's own actions on its show screen, when its module declares some. */
export function ShowActionsSlot(props: ShowActionsProps) {
  const { showActions: Actions } = useResourceExtension(props.definition.type);
  if (!Actions) return null;
  return (
    <Suspense fallback={null}>
      <Actions {...props} />
    </Suspense>
  );
}

/** The type's own actions on its list, when its module declares some. */
export function ListActionsSlot(props: ListActionsProps) {
  const { listActions: Actions } = useResourceExtension(props.definition.type);
  if (!Actions) return null;
  return (
    <Suspense fallback={null}>
      <Actions {...props} />
    </Suspense>
  );
}
