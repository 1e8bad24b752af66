import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@campusrun/shared';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Input, Select } from '@/components/ui/Input';
import { useDebouncedCallback } from '@/lib/debounced-callback';
import type { WantedFilters as Filters } from '@/api/cache';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX = 100;

interface WantedFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}

/** The words to look for: what is typed shows at once, the URL follows 300 ms after the last key. */
function SearchBox({ filters, onChange }: WantedFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.search);
  const [urlSearch, setUrlSearch] = useState(filters.search);
  const debounced = useDebouncedCallback(
    (value: string) => onChange({ search: value.trim() }),
    SEARCH_DEBOUNCE_MS,
  );
  // The URL changed by other means (Back, "Clear filters"): show its search, unless it is what is typed.
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }
  return (
    <div className="relative min-w-0 flex-1 basis-56">
      <label htmlFor={id} className="sr-only">
        Search wanted posts
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        placeholder="Search wanted posts"
        autoComplete="off"
        maxLength={SEARCH_MAX}
        value={text}
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        onChange={(event) => {
          setText(event.target.value);
          debounced.run(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            debounced.cancel();
            onChange({ search: text.trim() });
          }
        }}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            debounced.cancel();
            setText('');
            onChange({ search: '' });
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** Search (debounced) and category, side by side from a small tablet up. */
export function WantedFilters({ filters, onChange }: WantedFiltersProps) {
  const categoryId = useId();
  return (
    <div role="search" className="flex flex-wrap gap-3">
      <SearchBox filters={filters} onChange={onChange} />
      <div className="w-full sm:w-52">
        <label htmlFor={categoryId} className="sr-only">
          Category
        </label>
        <Select
          id={categoryId}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
        >
          <option value="">All categories</option>
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
