import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import clsx from 'clsx';
import { mediaUrl } from '@/lib/media';

export interface ProductGalleryProps {
  name: string;
  images: string[];
  thumbnails: string[];
}

const arrow =
  'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * The main photo with previous/next buttons and a row of thumbnails. Thumbnails are buttons (Tab),
 * and the arrow keys move between them (and the main photo follows).
 */
export function ProductGallery({ name, images, thumbnails }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const thumbRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const current = Math.min(selected, Math.max(0, count - 1));

  if (count === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-xl bg-slate-100 text-slate-400 ring-1 ring-slate-200">
        <ImageOff className="size-10" aria-hidden="true" />
        <span className="sr-only">No photos</span>
      </div>
    );
  }

  const show = (index: number, focus = false) => {
    const next = (index + count) % count;
    setSelected(next);
    if (focus) thumbRefs.current[next]?.focus();
  };

  const onThumbKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]!, true);
    }
  };

  return (
    <div>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
        <img
          key={images[current]}
          src={mediaUrl(images[current])}
          alt={count > 1 ? `${name}, photo ${current + 1} of ${count}` : name}
          width={800}
          height={800}
          fetchPriority={current === 0 ? 'high' : undefined}
          className="size-full object-contain"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={() => show(current - 1)}
              className={clsx(arrow, 'left-2')}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label="Next photo"
              onClick={() => show(current + 1)}
              className={clsx(arrow, 'right-2')}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <span className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <div
          role="group"
          aria-label="Photos"
          className="mt-3 flex gap-2 overflow-x-auto p-1"
          onKeyDown={onThumbKey}
        >
          {images.map((image, index) => (
            <button
              key={image}
              ref={(el) => {
                thumbRefs.current[index] = el;
              }}
              type="button"
              aria-label={`Show photo ${index + 1} of ${count}`}
              aria-pressed={index === current}
              tabIndex={index === current ? 0 : -1}
              onClick={() => show(index)}
              className={clsx(
                'size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100 ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:size-20',
                index === current ? 'ring-indigo-600' : 'ring-transparent hover:ring-slate-300',
              )}
            >
              <img
                src={mediaUrl(thumbnails[index] ?? image)}
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
