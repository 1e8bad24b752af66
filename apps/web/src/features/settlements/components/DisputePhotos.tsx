import type { DisputePhoto } from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

/**
 * The photos of one side's statement as thumbnails; each opens large in a dialog (a sheet on a
 * phone). Their links are signed for the two parties and the moderators and served by the API
 * itself, never from a media origin.
 */
export function DisputePhotos({ photos, from }: { photos: DisputePhoto[]; from: string }) {
  const [shown, setShown] = useState<number | null>(null);
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
            className="mx-auto max-h-[70vh] w-auto rounded-lg bg-slate-100 object-contain"
          />
        )}
      </Dialog>
    </>
  );
}
