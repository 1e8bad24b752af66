import { LostFoundPostPage as PostPage } from '@/features/lost-found/components/LostFoundPostPage';
import { reliabilitySummary } from '@/features/people/components/reliability';

/** /lost-found/{id}: the post, its claimants' reliability records read as a profile reads them. */
export function LostFoundPostPage() {
  return <PostPage describe={reliabilitySummary} />;
}
