import type { LostFoundPost } from '@campusrun/shared';
import { Badge } from '@/components/ui/Badge';
import { kindLabel, stateLabel } from './lost-found-state';

/** "Lost" (amber) or "Found" (green): the kind in words, never by colour alone. */
export function KindBadge({ post }: { post: Pick<LostFoundPost, 'kind'> }) {
  return <Badge tone={post.kind === 'lost' ? 'amber' : 'green'}>{kindLabel(post)}</Badge>;
}

/** A post no longer open says so: "Returned to its owner" or "Expired". */
export function StateBadge({ post }: { post: Pick<LostFoundPost, 'state'> }) {
  if (post.state === 'open') return null;
  return <Badge tone={post.state === 'resolved' ? 'blue' : 'slate'}>{stateLabel(post)}</Badge>;
}
