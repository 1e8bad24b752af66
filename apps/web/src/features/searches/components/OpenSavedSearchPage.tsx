import { SAVED_SEARCH_MESSAGES } from '@campusrun/shared';
import { SearchX } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { ListCard } from '@/components/ui/ListState';
import { Spinner } from '@/components/ui/Spinner';
import { searchHref } from '@/components/searches/search-filters';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useOpenSavedSearch } from '@/api/searches';

/**
 * /searches/{id}, where a notice of several new matches leads: the search is marked opened (its new
 * matches seen) and the app goes on to its list with its filters in the address. A search that is
 * gone says so.
 */
export function OpenSavedSearchPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { mutate, error, isError, isPending } = useOpenSavedSearch();
  const open = useCallback(
    (searchId: string) =>
      mutate(searchId, {
        onSuccess: ({ search, message }) => {
          toast.success(message, { toastId: 'search:open' });
          void navigate(searchHref(search), { replace: true });
        },
      }),
    [mutate, navigate],
  );
  // Once per address (React runs an effect twice in development).
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === id) return;
    asked.current = id;
    open(id);
  }, [id, open]);

  let body;
  if (isError && error instanceof ApiError && error.status === 404)
    body = (
      <EmptyState
        icon={SearchX}
        title={SAVED_SEARCH_MESSAGES.notFound}
        description="It may have been deleted. Your other saved searches are still on their list."
        action={
          <Link to={paths.searches} className={buttonClasses({})}>
            Your saved searches
          </Link>
        }
      />
    );
  else if (isError)
    body = (
      <ErrorState
        title="Could not open this saved search"
        error={error}
        onRetry={() => open(id)}
        isRetrying={isPending}
      />
    );
  else
    body = (
      <p role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-slate-600">
        <Spinner />
        Opening your saved search…
      </p>
    );

  return (
    <>
      <title>Saved search · CampusRun</title>
      <h1 className="sr-only">Saved search</h1>
      <ListCard>{body}</ListCard>
    </>
  );
}
