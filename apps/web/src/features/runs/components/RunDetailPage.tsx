import { RUN_LIMITS, type Run, type User } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { GroupRequestList } from '@/components/requests/GroupRequestList';
import { DetailLoadError } from '@/components/ui/DetailLoadError';
import { Fact } from '@/components/ui/Fact';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { dashboardPath, paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatRupees } from '@/lib/format';
import { deferredComponent } from '@/lib/deferred';
import { toast } from '@/lib/toast';
import { useAcceptRun, useRun, useJoinRun, RUN_TOAST } from '@/api/runs';
import { runKeys } from '@/api/cache';
import { InviteButton } from './InviteButton';
import type { JoinRunDialogProps } from './JoinRunDialog';
import { RunStatusBadge, carryOf, itemsText, peopleText, runSummary, shareText } from './RunCard';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

/** Joining's dialog, with the item's form and its rules, loads after the first screen or when it opens. */
const JoinRunDialog = deferredComponent<JoinRunDialogProps>(() =>
  import('./JoinRunDialog').then((m) => m.JoinRunDialog),
);

type Confirming = 'leave' | 'accept' | null;

/** What accepting a run means: where, by when, the fee and the item money laid out. */
function acceptText(run: Run) {
  const carry = carryOf(run.requests);
  const money = carry
    ? `You earn ${formatRupees(run.totalFee)}, and lay out about ${formatRupees(carry)} for the items, which each hosteller pays you back.`
    : `You earn ${formatRupees(run.totalFee)}.`;
  return `You buy every item at ${run.pickupFrom} and deliver each to its place before ${formatDateTime(run.deadline)}. ${money}`;
}

/** Straight after starting a run, while nobody else is in it: the invitation comes first. */
function InviteCard({ run }: { run: Run }) {
  return (
    <section
      aria-labelledby="run-invite"
      className="mt-4 rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-300 sm:flex sm:items-center sm:justify-between sm:gap-4"
    >
      <div>
        <h2 id="run-invite" className="font-semibold text-indigo-900">
          Invite others on your floor
        </h2>
        <p className="mt-1 text-sm text-indigo-800">
          {`Anyone who wants something from ${run.pickupFrom} can join until ${formatDateTime(run.cutoffAt)}. The more who join, the less each pays.`}
        </p>
      </div>
      <div className="mt-3 shrink-0 sm:mt-0">
        <InviteButton run={run} label="Share" variant="primary" />
      </div>
    </section>
  );
}

/** Others may still join: open, before its cutoff, with room for one more. */
const joinable = (run: Run) => run.status === 'open' && run.participants < RUN_LIMITS.participantsMax;

function RunActions({ run, viewer, inviting }: { run: Run; viewer: User; inviting: boolean }) {
  const queryClient = useQueryClient();
  const join = useJoinRun();
  const accept = useAcceptRun();
  const [joining, setJoining] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = join.isPending || accept.isPending;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: runKeys.detail(run.id) });
  const close = () => {
    if (!busy) setConfirming(null);
  };

  const confirm = async () => {
    const action = confirming;
    const toastId = `run:${action}`;
    try {
      if (action === 'leave') {
        await join.mutateAsync({ id: run.id, leave: true });
        toast.success('You left the run; your item is no longer in it', { ...RUN_TOAST, toastId });
      } else if (action === 'accept') {
        await accept.mutateAsync(run.id);
        toast.success('Run accepted: every request in it is yours to deliver', { ...RUN_TOAST, toastId });
      }
      setConfirming(null);
    } catch (caught) {
      // Taken by someone else, closed, or changed: the server says so, and the page shows what is now.
      toast.error(
        errorMessage(caught, action === 'accept' ? 'Failed to accept the run' : 'Failed to leave the run'),
        {
          ...RUN_TOAST,
          toastId,
        },
      );
      if (caught instanceof ApiError && caught.status === 409) {
        setConfirming(null);
        refetch();
      }
    }
  };

  // A hosteller passes the run on while others may join (unless the card above already offers it).
  const share = viewer.role === 'hosteller' && joinable(run) && !inviting;
  const none = !run.can.join && !run.can.leave && !run.can.accept && !run.myRequestId && !share;
  if (none) return null;
  return (
    <div role="group" aria-label="Run actions" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {run.can.accept && <Button onClick={() => setConfirming('accept')}>Accept run</Button>}
      {run.can.join && <Button onClick={() => setJoining(true)}>Join run</Button>}
      {run.myRequestId && (
        <Link to={paths.request(run.myRequestId)} className={buttonClasses({ variant: 'secondary' })}>
          Your request
        </Link>
      )}
      {share && <InviteButton run={run} label={run.myRequestId ? 'Invite' : 'Share'} />}
      {run.can.leave && (
        <Button variant="danger" onClick={() => setConfirming('leave')}>
          Leave run
        </Button>
      )}
      <JoinRunDialog run={run} open={joining} onClose={() => setJoining(false)} onRefused={refetch} />
      <Dialog
        open={confirming !== null}
        onClose={close}
        title={
          confirming === 'accept' ? `Accept all ${run.participants} requests of this run?` : 'Leave this run?'
        }
        description={
          confirming === 'accept'
            ? acceptText(run)
            : 'Your item leaves the run and its request is cancelled; the others’ shares go up.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={confirming === 'leave' ? 'danger' : 'primary'}
              onClick={() => void confirm()}
              isLoading={busy}
            >
              {confirming === 'leave' ? 'Leave run' : 'Accept run'}
            </Button>
          </>
        }
      />
    </div>
  );
}

function RunBody({ run, viewer }: { run: Run; viewer: User }) {
  const dayScholar = viewer.role === 'dayscholar';
  const mine = run.requests.find((request) => request.id === run.myRequestId);
  const carry = carryOf(run.requests);
  const money = shareText(run, { dayScholar, carry, myShare: mine?.expectedPrice });
  const inviting = run.myRequestId !== null && run.participants === 1 && joinable(run);
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{`Run to ${run.pickupFrom}`}</h1>
        <RunStatusBadge status={run.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">{runSummary(run)}</p>
      {money && <p className="mt-2 text-base font-semibold text-slate-900">{money}</p>}
      {dayScholar && carry !== null && (
        <p className="mt-1 text-sm text-slate-600">
          Carry is roughly what the items cost: you pay for them, and each hosteller pays you back.
        </p>
      )}
      {inviting && <InviteCard run={run} />}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section
            aria-labelledby="run-facts"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="run-facts" className="text-lg font-semibold text-slate-900">
              About this run
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              <Fact term="Participants">{peopleText(run.participants)}</Fact>
              <Fact term="Items">{itemsText(run.items)}</Fact>
              <Fact term="Join by">{formatDateTime(run.cutoffAt)}</Fact>
              <Fact term="Deadline">{formatDateTime(run.deadline)}</Fact>
              <Fact term="Total delivery fee">{formatRupees(run.totalFee)}</Fact>
              {run.participants > 1 && <Fact term="Each pays">{formatRupees(run.share)}</Fact>}
              <Fact term="Started by">{run.starter.id === viewer.id ? 'You' : run.starter.name}</Fact>
              {run.deliverer && (
                <Fact term="Deliverer">{run.deliverer.id === viewer.id ? 'You' : run.deliverer.name}</Fact>
              )}
            </dl>
            <div className="mt-6">
              <RunActions run={run} viewer={viewer} inviting={inviting} />
            </div>
          </section>
        </div>
        <section
          aria-labelledby="run-requests"
          className="h-fit rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="run-requests" className="text-lg font-semibold text-slate-900">
            {run.myRequestId && run.requests.length <= 1 ? 'Your item' : 'Items in this run'}
          </h2>
          <GroupRequestList
            requests={run.requests}
            empty={`${itemsText(run.items)} from ${peopleText(run.participants)}.`}
            title={(request) => `${request.itemName} × ${request.quantity}`}
            detail={(request) => request.deliveryLocation}
          />
        </section>
      </div>
    </>
  );
}

/** /runs/{id}: a shared run; join or leave it (hostellers), accept it (day scholars). */
export function RunDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRun(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  let content: ReactNode;
  if (waitsForNetwork(query)) {
    content = <NotKeptOffline what="This run" />;
  } else if (query.isPending) {
    content = (
      <div aria-hidden="true" className="mt-4 space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  } else if (query.isError || !user) {
    content = (
      <DetailLoadError
        notFound={notFound}
        notFoundTitle="Run not found"
        notFoundMessage="It may have been cancelled, or the link is wrong."
        failedTitle="Failed to load the run"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
        back={{ to: dashboardPath(user?.role), label: 'Back to Dashboard' }}
      />
    );
  } else {
    content = <RunBody run={query.data} viewer={user} />;
  }

  return (
    <>
      <title>{query.data ? `Run to ${query.data.pickupFrom} · CampusRun` : 'Shared run · CampusRun'}</title>
      {(query.isPending || query.isError) && <h1 className="sr-only">Shared run</h1>}
      {content}
    </>
  );
}
