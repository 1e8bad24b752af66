import { PRODUCT_LIMITS, PRODUCT_SORTS, type ProductSort } from '@campusrun/shared';
import { type ReactNode, useId, useState } from 'react';
import { FoldedFilters } from '@/components/ui/FoldedFilters';
import { Input, Select } from '@/components/ui/Input';
import { SearchField } from '@/components/ui/SearchField';
import type { ProductFilters } from '@/api/cache';
import { useDebouncedCallback } from '@/lib/debounced-callback';
import { ALL_CATEGORIES, CONDITIONS, SORT_LABELS, categoryLabel, conditionLabel } from './options';

const SEARCH_DEBOUNCE_MS = 300;

export interface MarketplaceFiltersProps {
  filters: ProductFilters;
  onChange: (patch: Partial<ProductFilters>) => void;
}

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

type PriceRangeValues = Pick<ProductFilters, 'minPrice' | 'maxPrice'>;

/**
 * The lowest and highest price, in whole rupees: what is typed shows at once, the URL (and the
 * server) follow 300 ms after the last key, as with the search.
 */
function PriceRange({ filters, onChange }: MarketplaceFiltersProps) {
  const fromUrl = { minPrice: filters.minPrice, maxPrice: filters.maxPrice };
  const [draft, setDraft] = useState<PriceRangeValues>(fromUrl);
  const [url, setUrl] = useState<PriceRangeValues>(fromUrl);
  const debounced = useDebouncedCallback((range: PriceRangeValues) => onChange(range), SEARCH_DEBOUNCE_MS);

  // The URL changed by other means (Back, "Clear filters"): show its prices, unless they are what is typed.
  if (url.minPrice !== fromUrl.minPrice || url.maxPrice !== fromUrl.maxPrice) {
    setUrl(fromUrl);
    if (fromUrl.minPrice !== draft.minPrice || fromUrl.maxPrice !== draft.maxPrice) setDraft(fromUrl);
  }

  const fields = [
    ['minPrice', 'Lowest price (₹)', 'Min ₹'],
    ['maxPrice', 'Highest price (₹)', 'Max ₹'],
  ] as const;
  return (
    <div role="group" aria-label="Price" className="grid grid-cols-2 gap-2">
      {fields.map(([key, label, placeholder]) => (
        <Labelled key={key} label={label}>
          {(id) => (
            <Input
              id={id}
              // Whole rupees: digits only, and no spin buttons to crowd a narrow field.
              inputMode="numeric"
              autoComplete="off"
              maxLength={String(PRODUCT_LIMITS.priceMax).length}
              placeholder={placeholder}
              value={draft[key]}
              onChange={(event) => {
                const next = { ...draft, [key]: event.target.value.replace(/\D/g, '') };
                setDraft(next);
                debounced.run(next);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  debounced.cancel();
                  onChange(draft);
                }
              }}
            />
          )}
        </Labelled>
      ))}
    </div>
  );
}

/**
 * Search (debounced), category, condition, price range (debounced) and sort. The values live in the
 * URL (see the page). On phones all but the search fold behind "Filters".
 */
export function MarketplaceFilters({ filters, onChange }: MarketplaceFiltersProps) {
  return (
    <div
      role="search"
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <SearchField
        label="Search products"
        value={filters.search}
        maxLength={PRODUCT_LIMITS.searchMax}
        onSearch={(search) => onChange({ search })}
        className="col-span-2 sm:col-span-4 lg:col-span-1"
      />
      <FoldedFilters
        active={
          (filters.category ? 1 : 0) +
          (filters.condition ? 1 : 0) +
          (filters.minPrice || filters.maxPrice ? 1 : 0)
        }
        className="col-span-2 justify-self-start sm:col-span-4"
      >
        <Labelled label="Category">
          {(id) => (
            <Select
              id={id}
              value={filters.category}
              onChange={(event) => onChange({ category: event.target.value as ProductFilters['category'] })}
            >
              <option value="">All categories</option>
              {ALL_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        <Labelled label="Condition">
          {(id) => (
            <Select
              id={id}
              value={filters.condition}
              onChange={(event) => onChange({ condition: event.target.value as ProductFilters['condition'] })}
            >
              <option value="">Any condition</option>
              {CONDITIONS.map((value) => (
                <option key={value} value={value}>
                  {conditionLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        <div className="col-span-2 sm:col-span-1">
          <PriceRange filters={filters} onChange={onChange} />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Labelled label="Sort by">
            {(id) => (
              <Select
                id={id}
                value={filters.sort}
                onChange={(event) => onChange({ sort: event.target.value as ProductSort })}
              >
                {PRODUCT_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
        </div>
      </FoldedFilters>
    </div>
  );
}
