import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@campusrun/shared';
import { useId } from 'react';
import { Select } from '@/components/ui/Input';
import { SearchField } from '@/components/ui/SearchField';
import type { WantedFilters as Filters } from '@/api/cache';

const SEARCH_MAX = 100;

interface WantedFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}

/** Search (debounced) and category, side by side from a small tablet up. */
export function WantedFilters({ filters, onChange }: WantedFiltersProps) {
  const categoryId = useId();
  return (
    <div role="search" className="flex flex-wrap gap-3">
      <SearchField
        label="Search wanted posts"
        value={filters.search}
        maxLength={SEARCH_MAX}
        onSearch={(search) => onChange({ search })}
        className="min-w-0 flex-1 basis-56"
      />
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
