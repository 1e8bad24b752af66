import type { DisputePhoto } from '@campusrun/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { settlementKeys } from '@/api/cache';

/** When each app's settlements were last read again for fresh photo links. */
const refreshedAt = new WeakMap<QueryClient, number>();

/**
 * A photo link lasts about an hour: one that no longer loads has the settlements read again for fresh
 * links, at most once a minute however many photos (and cards, which a refresh draws anew) fail.
 */
function refreshLinks(queryClient: QueryClient) {
  if (Date.now() - (refreshedAt.get(queryClient) ?? 0) < 60_000) return;
  refreshedAt.set(queryClient, Date.now());
  void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
}

/**
 * The photos of one side's statement as thumbnails; each opens large in a dialog (a sheet on a
 * phone). Their links are signed for the two parties and the moderators and served by the API
 * itself, never from a media origin.
 */
export function DisputePhotos({ photos, from }: { photos: DisputePhoto[]; from: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => refreshLinks(queryClient);
  if (photos.length === 0) return null;
  const name = (i: number) => `Photo ${i + 1} from ${from}`;
  const open = shown === null ? undefined : photos[shown];
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Photos from ${from}`}>
        {photos.map((photo, i) => (
          <li key={photo.thumbnailUrl}>
            <button
              type="button"
              onClick={() => setShown(i)}
              aria-label={`Open photo ${i + 1} from ${from}`}
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <img
                src={photo.thumbnailUrl}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                onError={refresh}
                className="size-16 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== undefined}
        onClose={() => setShown(null)}
        title={shown === null ? '' : name(shown)}
        footer={
          <Button variant="secondary" onClick={() => setShown(null)}>
            Close
          </Button>
        }
      >
        {open && (
          <img
            src={open.url}
            alt={name(shown!)}
            onError={refresh}
            className="mx-auto max-h-[70vh] w-auto rounded-lg bg-slate-100 object-contain"
          />
        )}
      </Dialog>
    </>
  );
}
