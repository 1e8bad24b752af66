import type { FollowState } from '@campusrun/shared';
import { followRefusal } from './follows.policy';
import type { FollowTarget } from './follows.repo';

/** The follow state of a member as the viewer sees it: nothing about who the followers are. */
export const presentFollowState = (viewerId: string, target: FollowTarget): FollowState => ({
  following: target.following,
  followerCount: target.followerCount,
  canFollow: followRefusal(viewerId, target) === null,
});
