import { PublicProfilePage } from '@/features/people/components/PublicProfilePage';
import { PosterWanted } from '@/features/wanted/components/PosterWanted';

/** /users/{id}: the public profile, and under it what the member is looking for (their wanted posts). */
export function UserPage() {
  return (
    <PublicProfilePage more={(profile, isYou) => <PosterWanted posterId={profile.id} isYou={isYou} />} />
  );
}
