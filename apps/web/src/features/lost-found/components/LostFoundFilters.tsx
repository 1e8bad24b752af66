import {
  LOST_FOUND_KINDS,
  LOST_FOUND_UI,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  type LostFoundKind,
} from '@campusrun/shared';
import { useId } from 'react';
import { Chip } from '@/components/ui/Chip';
import { Select } from '@/components/ui/Input';
import { SearchField } from '@/components/ui/SearchField';
import type { LostFoundFilters as Filters } from '@/api/lost-found';

const SEARCH_MAX = 100;
const T = LOST_FOUND_UI.filters;

const KIND_CHOICES: { value: LostFoundKind | ''; label: string }[] = [
  { value: '', label: T.all },
  ...LOST_FOUND_KINDS.map((kind) => ({ value: kind, label: LOST_FOUND_UI.kinds[kind] })),
];

/**
 * All, Lost or Found (one pressed), then the words (debounced) and the category: stacked on a phone,
 * on one line from a tablet up.
 */
export function LostFoundFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const categoryId = useId();
  return (
    <div role="search" className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label={T.kind} className="flex w-full gap-2 md:w-auto">
        {KIND_CHOICES.map(({ value, label }) => (
          <Chip
            key={label}
            pressed={filters.kind === value}
            onClick={() => onChange({ kind: value })}
            className="flex-1 justify-center md:flex-none"
          >
            {label}
          </Chip>
        ))}
      </div>
      <SearchField
        label={T.search}
        value={filters.search}
        maxLength={SEARCH_MAX}
        onSearch={(search) => onChange({ search })}
        className="min-w-0 flex-1 basis-56"
      />
      <div className="w-full sm:w-52">
        <label htmlFor={categoryId} className="sr-only">
          {T.category}
        </label>
        <Select
          id={categoryId}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
        >
          <option value="">{T.allCategories}</option>
          {PRODUCT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {PRODUCT_CATEGORY_LABELS[value] ?? value}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
