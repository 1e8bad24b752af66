import type { Trip } from '@campusrun/shared';
import { LOGISTICS_LABELS } from '@campusrun/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Bike, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { PageHeader } from '@/components/ui/PageHeader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMyTrips, useTrips } from '@/api/trips';
import { TripCard, TripCardSkeletons } from './TripCard';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

/** Skeletons, error + Retry, the empty state, or the cards (announced as they change). */
function TripList({
  query,
  label,
  errorTitle,
  empty,
  showStatus = false,
}: {
  query: UseQueryResult<Trip[]>;
  label: string;
  errorTitle: string;
  empty: ReactNode;
  showStatus?: boolean;
}) {
  if (waitsForNetwork(query))
    return (
      <ListCard>
        <NotKeptOffline what="This list" />
      </ListCard>
    );
  if (query.isPending) return <TripCardSkeletons />;
  if (query.isError) return <ListError title={errorTitle} query={query} />;
  if (query.data.length === 0) return <ListCard>{empty}</ListCard>;
  return (
    <ul className="space-y-3" aria-label={label} aria-live="polite">
      {query.data.map((trip) => (
        <TripCard key={trip.id} trip={trip} showStatus={showStatus} />
      ))}
    </ul>
  );
}

/** /trips: the open trips; a day scholar also posts one and sees their own. */
export function TripsPage() {
  const { user } = useAuth();
  const isDayScholar = user?.role === 'dayscholar';
  const trips = useTrips();
  const mine = useMyTrips({ enabled: isDayScholar });
  const postTrip = isDayScholar && (
    <Link to={paths.newTrip} className={buttonClasses()}>
      <Plus className="size-4" aria-hidden="true" />
      {LOGISTICS_LABELS.postTrip}
    </Link>
  );

  return (
    <>
      <PageHeader
        title={LOGISTICS_LABELS.trips}
        description={
          isDayScholar
            ? 'Say when you are coming to campus; hostellers add their requests to your trip.'
            : 'Day scholars coming to campus: add a request to a trip and it rides along.'
        }
        actions={postTrip || undefined}
      />

      {isDayScholar && (
        <section aria-labelledby="my-trips" className="mt-6">
          <h2 id="my-trips" className="mb-3 text-lg font-semibold text-slate-900">
            My trips
          </h2>
          <TripList
            query={mine}
            label="My trips"
            errorTitle="Failed to load your trips"
            showStatus
            empty={
              <EmptyState
                icon={Bike}
                title="You have no trips"
                description="Post a trip when you know you are coming."
              />
            }
          />
        </section>
      )}

      <section aria-labelledby="open-trips" className="mt-6">
        <h2 id="open-trips" className="mb-3 text-lg font-semibold text-slate-900">
          Open trips
        </h2>
        <TripList
          query={trips}
          label="Open trips"
          errorTitle="Failed to load trips"
          empty={
            <EmptyState
              icon={Bike}
              title="No trips announced yet"
              description={
                isDayScholar
                  ? 'Coming to campus soon? Post a trip and hostellers can add their requests to it.'
                  : 'When a day scholar announces a trip, it shows here and you can add a request to it.'
              }
              action={postTrip || undefined}
            />
          }
        />
      </section>
    </>
  );
}
