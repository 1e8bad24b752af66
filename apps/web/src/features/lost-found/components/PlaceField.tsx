import { LOST_FOUND_LIMITS, LOST_FOUND_UI } from '@campusrun/shared';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/Field';
import { Chip } from '@/components/ui/Chip';
import { useDebouncedCallback } from '@/lib/debounced-callback';
import { useLostFoundPlaces } from '@/api/lost-found';

const T = LOST_FOUND_UI.form;

/**
 * Where on campus, typed freely, with the places earlier posts named that contain what is typed
 * (most used first) one tap away under it; asked for 300 ms after the last key.
 */
export function PlaceField({
  error,
  value,
  registered,
  onPick,
}: {
  error?: string;
  value: string;
  registered: UseFormRegisterReturn<'place'>;
  onPick: (place: string) => void;
}) {
  const [words, setWords] = useState(value.trim());
  const { run } = useDebouncedCallback(setWords, 300);
  useEffect(() => run(value.trim()), [run, value]);
  const shown = useLostFoundPlaces(words).data ?? [];
  return (
    <div className="space-y-2">
      <TextField
        label={T.placeLabel}
        placeholder={T.placePlaceholder}
        autoComplete="off"
        maxLength={LOST_FOUND_LIMITS.placeMax}
        error={error}
        {...registered}
      />
      {shown.length > 0 && (
        <ul aria-label={T.placeSuggestions} className="flex flex-wrap gap-2">
          {shown.map((place) => (
            <li key={place} className="max-w-full">
              <Chip pressed={value === place} onClick={() => onPick(place)} className="max-w-full">
                <span className="truncate">{place}</span>
              </Chip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
