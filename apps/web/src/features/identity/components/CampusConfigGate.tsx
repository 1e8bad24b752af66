import type { CampusConfig } from '@campusrun/shared';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCampusConfig } from '@/lib/campus-config';

function FormSkeleton({ fields }: { fields: number }) {
  return (
    <div className="space-y-5" role="status" aria-label="Loading">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-11 w-full rounded-lg" />
        </div>
      ))}
      <Skeleton className="h-11 w-full rounded-lg" />
    </div>
  );
}

/** The campus settings (e-mail domain) are needed to validate; wait for them, or offer a retry. */
export function CampusConfigGate({
  fields = 2,
  children,
}: {
  fields?: number;
  children: (config: CampusConfig) => ReactNode;
}) {
  const { data, error, refetch, isFetching } = useCampusConfig();
  if (data) return children(data);
  if (error) {
    return (
      <ErrorState
        className="py-4"
        title="Can't reach CampusRun right now"
        message="We couldn't load the campus settings this form needs. Check your connection and try again."
        error={error}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }
  return <FormSkeleton fields={fields} />;
}
