import { commentsDisabledReason } from '@platform/contracts/resources/comments';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { useState } from 'react';
import { FEATURES } from '../../kit/build-info.ts';
import { Button } from '../../kit/ui/button.tsx';
import { useRecordView } from '../../kit/stats/record-stats.ts';
import { CommentsSection } from './comments.tsx';
import { CommunityActions, LikeToggle, useCommunityT, useCommunityViewer } from './community-ui.tsx';
import { ReportDialog } from './report-dialog.tsx';

/**
 * What a record's document says about its likes and comments (contracts/src/resources/definition.ts, the likable
 * and commentable traits): `likesCount`, `likedByViewer` (absent for a visitor or with the likes feature off),
 * `hasComments`, `canComment` (the server's answer for this viewer), and `publishedAt` for the commentable rule.
 */
export interface Engagement {
  likesCount: number;
  likedByViewer: boolean | null;
  hasComments: boolean;
  canComment: boolean;
  publishedAt: string | null;
}

/** The engagement facts of a document's attributes, leniently: what is missing reads as none. */
export function engagementOf(attributes: Record<string, unknown>): Engagement {
  return {
    likesCount: typeof attributes.likesCount === 'number' ? attributes.likesCount : 0,
    likedByViewer: typeof attributes.likedByViewer === 'boolean' ? attributes.likedByViewer : null,
    hasComments: attributes.hasComments !== false,
    canComment: attributes.canComment === true,
    publishedAt: typeof attributes.publishedAt === 'string' ? attributes.publishedAt : null,
  };
}

/**
 * Under a publication's page: its like toggle and count (a likable type, the likes feature on), a "Report" action
 * (a reportable type, for those the report's access rule lets create one), and its comments (a commentable type,
 * the comments feature on). Each is decided by the type's traits in contracts and the viewer's rules, never a role.
 */
export function RecordEngagement({
  definition,
  id,
  title,
  engagement,
}: {
  definition: ResourceDefinition;
  id: string;
  /** the record's title, in the like's and the report's accessible names */
  title: string;
  engagement: Engagement;
}) {
  const t = useCommunityT();
  const viewer = useCommunityViewer();
  const [reporting, setReporting] = useState(false);
  const record = { type: definition.type, id };
  // the item's page shows its engagement: a view of the item, once it has been read for a while
  useRecordView(record);
  const { traits } = definition;
  const likable = traits.likable && FEATURES.likes;
  const reportable = traits.reportable && viewer.mayReport;
  const open =
    commentsDisabledReason(
      {
        publishable: traits.publishable,
        publishedAt: engagement.publishedAt,
        hasComments: engagement.hasComments,
        softDeleted: false,
      },
      new Date(),
    ) === null;
  return (
    <>
      {likable || reportable ? (
        <CommunityActions>
          {likable ? (
            <LikeToggle
              type={record.type}
              id={id}
              liked={engagement.likedByViewer}
              count={engagement.likesCount}
              label={t('community.like.item', { title })}
            />
          ) : null}
          {reportable ? (
            <Button
              variant="text"
              size="small"
              aria-label={t('community.report.item', { title })}
              onPress={() => setReporting(true)}
            >
              {t('community.report.button')}
            </Button>
          ) : null}
        </CommunityActions>
      ) : null}
      {traits.commentable && FEATURES.comments ? (
        <CommentsSection record={record} canComment={engagement.canComment} open={open} />
      ) : null}
      {reporting ? (
        <ReportDialog
          record={record}
          title={t('community.report.itemTitle', { title })}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </>
  );
}
