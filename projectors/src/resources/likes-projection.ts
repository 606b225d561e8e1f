import { RecordLiked, RecordUnliked, type LikeData } from '@platform/contracts/resources/likes';
import type { Projection } from '../projection.ts';

/**
 * Who likes what (resources/likes.ts): a row per like, for a member's list of likes (/account/profile/likes) and a
 * record's `likedByViewer`.
 */
export const likesProjection: Projection = {
  name: 'likes',
  version: 1,
  eventTypes: [RecordLiked.type, RecordUnliked.type],
  tables: ['likes'],
  async setup(tx) {
    await tx.unsafe(`create table likes (
      id uuid not null unique,
      user_id uuid not null,
      record_type text not null,
      record_id text not null,
      liked_at timestamptz not null,
      primary key (user_id, record_type, record_id))`);
    await tx.unsafe('create index likes_user_liked_at on likes (user_id, liked_at desc)');
    await tx.unsafe('create index likes_record on likes (record_type, record_id)');
  },
  async apply(tx, event) {
    const like = event.data as LikeData;
    if (event.type === RecordLiked.type)
      await tx`insert into likes ${tx({
        // the like's stream is like-<id>
        id: event.streamId.slice('like-'.length),
        user_id: like.userId,
        record_type: like.recordType,
        record_id: like.recordId,
        liked_at: event.metadata.recordedAt,
      })} on conflict do nothing`;
    else
      await tx`delete from likes where user_id = ${like.userId} and record_type = ${like.recordType}
        and record_id = ${like.recordId}`;
  },
};
