/*
 * What the community feature offers the publication features' readers' screens (repository, articles, blog
 * posts) and the forum: reading a publication's document (tags, organization, images, attachments), the widgets
 * every list shares (the URL's query as the list's state, tag chips, the pager), and what members do on a record
 * (like it, report it, comment on it).
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

export * from './documents.ts';
export { Pager, pageParam, TagChips, useQueryState } from './reader-ui.tsx';
export {
  ANONYMOUS,
  reportRecord,
  setLiked,
  textAsHtml,
  threadComments,
  type CommentNode,
  type CommentView,
  type RecordRef,
} from './community-api.ts';
export {
  CommunityActions,
  LikeToggle,
  useCommunityViewer,
  useSignInHref,
  type CommunityMessages,
} from './community-ui.tsx';
export { ReportDialog } from './report-dialog.tsx';
export { CommentsSection } from './comments.tsx';
export { RecordEngagement, engagementOf, type Engagement } from './engagement.tsx';
export { AuthorLink } from './author-link.tsx';

/**
 * The reports queue in the back office (issue 21): on a report's screen, the way to the reported record and, for
 * the moderators while it is unresolved, Dismiss and Remove. Loads with the screen.
 */
export const reportScreens: ResourceScreenExtension = {
  showActions: lazy(() =>
    import('./moderation/report-actions.tsx').then((m) => ({ default: m.ReportActions })),
  ),
  // the queue opens on the reports still waiting for a moderator
  defaultFilters: { resolved: 'false' },
};
