import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL query, so a reload or a shared link keeps them. `parse` reads them
 * (ignoring unknown values, so an old or hand-edited link still works); `setFilters` writes a patch,
 * leaving out empty values and those equal to `defaults` so links stay short. `parse` and
 * `defaults` must be stable (module-level).
 *
 * A patch builds on the last query asked for, not only the one the router has shown: the router
 * changes the address asynchronously, so a category picked while the search is still debouncing
 * would otherwise be dropped by the search that lands after it.
 */
export function useUrlFilters<F extends { [K in keyof F]: string }>(
  parse: (params: URLSearchParams) => F,
  defaults: Partial<F>,
) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params), [parse, params]);
  // The queries asked for that the router has not shown yet, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const shown = pending.current.indexOf(params.toString());
    // Shown: drop it and the older ones. Not one of ours (Back, a link): nothing is pending.
    pending.current = shown >= 0 ? pending.current.slice(shown + 1) : [];
  }, [params]);

  const setFilters = useCallback(
    (patch: Partial<F>) => {
      const next = new URLSearchParams(pending.current.at(-1) ?? params);
      for (const [key, value] of Object.entries(patch)) {
        const text = String(value ?? '').trim();
        if (text === '' || text === defaults[key as keyof F]) next.delete(key);
        else next.set(key, text);
      }
      pending.current.push(next.toString());
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [params, setParams, defaults],
  );

  return { filters, setFilters };
}
