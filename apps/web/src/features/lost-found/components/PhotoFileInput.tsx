import { LOST_FOUND_UI, PRODUCT_IMAGE_ACCEPT } from '@campusrun/shared';
import type { RefObject } from 'react';

/**
 * The hidden file field the photo buttons open: several images at once; on a phone it offers the
 * camera and the gallery. It is emptied after each pick, so the same file can be picked again after
 * it was removed, refused or failed.
 */
export function PhotoFileInput({
  inputRef,
  disabled,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      accept={PRODUCT_IMAGE_ACCEPT}
      aria-label={LOST_FOUND_UI.photos.input}
      tabIndex={-1}
      disabled={disabled}
      className="sr-only"
      onChange={(event) => {
        const picked = Array.from(event.target.files ?? []);
        event.target.value = '';
        if (picked.length) onPick(picked);
      }}
    />
  );
}
