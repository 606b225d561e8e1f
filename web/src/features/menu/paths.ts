import { resourcePaths } from '../../kit/admin/resources/paths.ts';

const TYPE = 'app-menu-items';

/** The editor's addresses (seed 000 §2.4: admin.app-menu-items) and the item's history in the back office. */
export const menuEditorPaths = {
  root: resourcePaths.root(TYPE),
  index: resourcePaths.index(TYPE),
  /** the tree, opened on one item (its focus and scroll) */
  focus: (id: string) => `${resourcePaths.index(TYPE)}?item=${encodeURIComponent(id)}`,
  history: (id: string) => resourcePaths.history(TYPE, id),
};
