import { LOST_FOUND_UI } from '@campusrun/shared';
import { ProgressBar } from '@/components/ui/ProgressBar';

/**
 * The bar while a post's photos are sent: the bytes first (from 0 while this device makes the photos
 * smaller), then the server's processing once they are all sent. Null: nothing is being sent.
 */
export function PhotoUploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null;
  return (
    // White, not tinted: the bar's grey percentage needs it for 4.5:1 contrast.
    <div aria-live="polite" className="rounded-lg bg-white p-3 ring-1 ring-indigo-100">
      <ProgressBar
        value={fraction}
        label={fraction >= 1 ? LOST_FOUND_UI.photos.processing : LOST_FOUND_UI.photos.adding}
      />
    </div>
  );
}
