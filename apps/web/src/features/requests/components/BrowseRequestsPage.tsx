import { REQUEST_SORTS, type RequestSort } from '@campusrun/shared';
import { Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { FoldedFilters } from '@/components/ui/FoldedFilters';
import { Input, Select } from '@/components/ui/Input';
import { useAvailableRequests } from '@/api/requests';
import type { AvailableFilters } from '@/api/cache';
import { useAvailableFilters } from '../hooks/useAvailableFilters';
import { useDebouncedCallback } from '@/lib/debounced-callback';
import { PageHeader } from '@/components/ui/PageHeader';
import { SaveSearchButton } from '@/components/searches/SaveSearchButton';
import { requestSearch } from '@/components/searches/search-filters';
import { RequestList } from './RequestList';

const SORT_LABELS: Record<RequestSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  highestFee: 'Highest fee',
  lowestFee: 'Lowest fee',
};

const TEXT_FILTERS = ['search', 'location', 'pickupFrom', 'minFee', 'maxFee'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];
type TextFilters = Pick<AvailableFilters, TextFilter>;

/** The typed filters only: the draft never carries the sort, so sending it cannot undo a newer sort. */
const textFilters = ({ search, location, pickupFrom, minFee, maxFee }: AvailableFilters): TextFilters => ({
  search,
  location,
  pickupFrom,
  minFee,
  maxFee,
});

/**
 * /dayscholar/browse-requests: open requests, filtered and paged on the server. `aboveList` is what
 * the app puts between the filters and the list (the open shared runs, from another feature).
 */
// eslint-disable-next-line max-lines-per-function -- one screen whose filters, list and states share the URL's filters.
export function BrowseRequestsPage({ aboveList }: { aboveList?: ReactNode } = {}) {
  const { filters, setFilters, clearFilters, hasFilters } = useAvailableFilters();
  const query = useAvailableRequests(filters);
  const items = query.data?.pages.flatMap((page) => page.requests);

  // What is typed shows at once; the URL (and the server) follow 300 ms after the last key.
  const [draft, setDraft] = useState(() => textFilters(filters));
  const debounced = useDebouncedCallback((patch: TextFilters) => setFilters(patch), 300);
  // The URL changed (back button, "Clear filters", or our own debounced write): show the fields whose
  // URL value changed (adjusting state in render). A field whose URL value stayed the same keeps what
  // is being typed into it, even while another field's write lands.
  const urlText = TEXT_FILTERS.map((key) => filters[key]).join('\u0000');
  const [syncedUrl, setSyncedUrl] = useState(urlText);
  if (syncedUrl !== urlText) {
    const before = syncedUrl.split('\u0000');
    setSyncedUrl(urlText);
    const next = { ...draft };
    TEXT_FILTERS.forEach((key, i) => {
      if (before[i] !== filters[key] && next[key].trim() !== filters[key]) next[key] = filters[key];
    });
    setDraft(next);
  }

  const change = (key: TextFilter) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    debounced.run({ ...draft, [key]: value });
  };

  return (
    <>
      <PageHeader title="Browse Requests" description="Open requests you can pick up and deliver." />
      <form
        role="search"
        aria-label="Filter requests"
        className="mt-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          debounced.cancel();
          setFilters(draft);
        }}
      >
        <Field label="Search" className="lg:col-span-2">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Item or description"
              value={draft.search}
              onChange={change('search')}
            />
          )}
        </Field>
        {/* On phones all but the search fold behind "Filters", so the first requests show at once. */}
        <FoldedFilters
          active={
            [filters.location, filters.pickupFrom, filters.minFee, filters.maxFee].filter(Boolean).length
          }
          className="justify-self-start sm:col-span-2"
        >
          <Field label="Location">
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Block A"
                value={draft.location}
                onChange={change('location')}
              />
            )}
          </Field>
          <Field label="Pickup place">
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Katpadi market"
                value={draft.pickupFrom}
                onChange={change('pickupFrom')}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                ['minFee', 'Min fee (₹)'],
                ['maxFee', 'Max fee (₹)'],
              ] as const
            ).map(([key, label]) => (
              <Field key={key} label={label}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    min={0}
                    inputMode="decimal"
                    value={draft[key]}
                    onChange={change(key)}
                  />
                )}
              </Field>
            ))}
          </div>
          <Field label="Sort by">
            {(control) => (
              <Select
                {...control}
                value={filters.sort}
                onChange={(event) => {
                  // Send what is typed along with the sort, so a pending debounce cannot undo it.
                  debounced.cancel();
                  setFilters({ ...draft, sort: event.target.value as RequestSort });
                }}
              >
                {REQUEST_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </FoldedFilters>
      </form>
      <SaveSearchButton search={requestSearch(filters)} className="mt-3" />

      {aboveList}
      <section className="mt-6" aria-busy={query.isFetching || undefined}>
        <RequestList
          items={items}
          party="requester"
          allPending
          label="Available requests"
          query={query}
          errorTitle="Failed to load available requests"
          empty={
            <EmptyState
              icon={Search}
              title={hasFilters ? 'No requests match your filters' : 'No open requests right now'}
              description={hasFilters ? 'Try other words or a wider fee range.' : 'Check back soon.'}
              action={
                hasFilters ? (
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => void query.refetch()}
                    isLoading={query.isRefetching}
                  >
                    Refresh
                  </Button>
                )
              }
            />
          }
        />
      </section>
    </>
  );
}
