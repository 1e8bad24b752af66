import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL query, so a reload or a shared link keeps them. `parse` reads them
 * (ignoring unknown values, so an old or hand-edited link still works); `setFilters` writes a patch,
 * leaving out empty values and those equal to `defaults` so links stay short. `parse` and
 * `defaults` must be stable (module-level).
 */
export function useUrlFilters<F extends { [K in keyof F]: string }>(
  parse: (params: URLSearchParams) => F,
  defaults: Partial<F>,
) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params), [parse, params]);

  const setFilters = useCallback(
    (patch: Partial<F>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            const text = String(value ?? '').trim();
            if (text === '' || text === defaults[key as keyof F]) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, defaults],
  );

  return { filters, setFilters };
}
