import { ProgressBar } from '@/components/ui/ProgressBar';

/** The bar under a product form while it is sent: bytes first, then the server's image processing. */
export function UploadProgress({ fraction, photos }: { fraction: number | null; photos: number }) {
  if (fraction === null) return null;
  const what = photos === 1 ? 'photo' : 'photos';
  const sent = fraction >= 1;
  return (
    // White, not tinted: the bar's grey percentage needs it for 4.5:1 contrast.
    <div aria-live="polite" className="rounded-lg bg-white p-3 ring-1 ring-indigo-100">
      <ProgressBar
        value={fraction}
        label={photos === 0 ? 'Saving…' : sent ? `Processing ${what}…` : `Uploading ${what}…`}
      />
    </div>
  );
}
