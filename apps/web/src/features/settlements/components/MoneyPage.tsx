import { MONEY_CHART_WORDS, type SettlementFilter, type SettlementSummary } from '@campusrun/shared';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import clsx from 'clsx';
import { Scale, Wallet } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { useAuth } from '@/lib/auth';
import { formatRupees } from '@/lib/format';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useEarnings, useSettlementSummary, useSettlements } from '@/api/settlements';
import { type OwnChange, OwnChangeProvider, tabOf } from '../own-changes';
import { MoneyChart } from './MoneyChart';
import { SettlementCard, SettlementCardSkeletons, settlementCardId } from './SettlementCard';
import { UpiNudge, payersWaitingOnUpi } from './UpiNudge';

const TABS = [
  {
    value: 'open',
    label: 'Open',
    empty: 'Nothing to settle',
    hint: 'When a delivery is completed or an item sold to you, who owes whom shows here.',
  },
  {
    value: 'settled',
    label: 'Settled',
    empty: 'Nothing settled yet',
    hint: 'Settled payments are kept here.',
  },
  {
    value: 'disputed',
    label: 'Disputed',
    empty: 'No disputes',
    hint: 'If something goes wrong with a payment, report a problem from its card.',
  },
] as const satisfies readonly { value: SettlementFilter; label: string; empty: string; hint: string }[];

/** A total: red for what is owed, green for what is owed to you, plain when it is nothing. */
function Total({ label, amount, tone }: { label: string; amount: number; tone: 'owe' | 'owed' }) {
  const colour = amount === 0 ? 'text-slate-900' : tone === 'owe' ? 'text-red-700' : 'text-green-800';
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold ${colour}`}>{formatRupees(amount)}</dd>
    </div>
  );
}

function ByPerson({ summary }: { summary: SettlementSummary }) {
  if (summary.byPerson.length === 0) return null;
  return (
    <section aria-labelledby="by-person-heading" className="mt-4">
      <h2 id="by-person-heading" className="text-base font-medium text-slate-900">
        By person
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {summary.byPerson.map(({ user, youOwe, owedToYou }) => (
          <li key={user.id} className="flex items-center gap-3 px-4 py-2">
            <Avatar id={user.id} name={user.name} src={user.avatar} size="sm" />
            <ProfileLink
              user={user}
              className="inline-flex min-h-11 min-w-0 flex-1 items-center font-medium break-words text-slate-900 hover:underline"
            >
              {user.name}
            </ProfileLink>
            <div className="text-right text-sm">
              {youOwe > 0 && <p className="text-red-700">You owe {formatRupees(youOwe)}</p>}
              {owedToYou > 0 && <p className="text-green-800">Owes you {formatRupees(owedToYou)}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Summary() {
  const query = useSettlementSummary();
  if (query.isPending)
    return (
      <div aria-hidden="true" className="grid grid-cols-2 gap-3" data-testid="summary-skeleton">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  if (query.isError) return <ListError title="Failed to load what you owe" query={query} />;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <Total label="You owe" amount={query.data.youOwe} tone="owe" />
        <Total label="Owed to you" amount={query.data.owedToYou} tone="owed" />
      </dl>
      <ByPerson summary={query.data} />
    </>
  );
}

/**
 * Week by week: a day scholar's earnings (fees and tips), and what a member spent on their requests
 * (a hosteller always; anyone else once they have spent something).
 */
function MoneyCharts() {
  const { user } = useAuth();
  const query = useEarnings();
  if (query.isPending) return <Skeleton className="mt-6 h-72" />;
  if (query.isError)
    return (
      <div className="mt-6">
        <ListError title={MONEY_CHART_WORDS.failed} query={query} />
      </div>
    );
  const { earned, spent } = query.data;
  const spentAny = spent.allTime.fees + spent.allTime.items + spent.allTime.tips > 0;
  const showEarned = user?.role === 'dayscholar';
  const showSpent = user?.role === 'hosteller' || spentAny;
  return (
    <div className={clsx('mt-6 grid gap-4', showEarned && showSpent && 'lg:grid-cols-2')}>
      {showEarned && <MoneyChart side={earned} kind="earned" />}
      {showSpent && <MoneyChart side={spent} kind="spent" />}
    </div>
  );
}

/** The card of a settlement the member just moved here, once the list shows it: in view, focused. */
function useBringIntoView(
  items: readonly { id: string }[] | undefined,
  focusId: string | null,
  done: () => void,
) {
  useEffect(() => {
    if (!focusId || !items?.some((item) => item.id === focusId)) return;
    const card = document.getElementById(settlementCardId(focusId));
    if (!card) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (typeof card.scrollIntoView === 'function')
      card.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    // Focusable for this once, outlined until focus moves on (a click inside it later is no focus).
    card.setAttribute('tabindex', '-1');
    card.addEventListener('blur', () => card.removeAttribute('tabindex'), { once: true });
    card.focus({ preventScroll: true });
    done();
  }, [items, focusId, done]);
}

function SettlementsTab({
  status,
  empty,
  hint,
  focusId,
  focused,
}: {
  status: SettlementFilter;
  empty: string;
  hint: string;
  /** A settlement the member just moved to this tab: brought into view and focused once listed. */
  focusId: string | null;
  focused: () => void;
}) {
  const { user } = useAuth();
  const query = useSettlements(status);
  const items = query.data?.pages.flatMap((page) => page.settlements);
  const { listRef, markLoadMore } = useLoadMoreFocus(items);
  useBringIntoView(items, focusId, focused);
  const failed = 'Failed to load settlements';
  if (query.isPending) return <SettlementCardSkeletons />;
  if (query.error && !items) return <ListError title={failed} query={query} />;
  if (!items || items.length === 0)
    return (
      <ListCard>
        <EmptyState icon={status === 'disputed' ? Scale : Wallet} title={empty} description={hint} />
      </ListCard>
    );
  return (
    <>
      <ul ref={listRef} className="space-y-3" aria-label="Settlements">
        {items.map((settlement) => (
          <SettlementCard key={settlement.id} settlement={settlement} viewerId={user?.id} />
        ))}
      </ul>
      <LoadMore query={query} failedMessage={failed} onLoad={markLoadMore} />
    </>
  );
}

/** Who owes the member money they could pay in one tap with a UPI ID (the open list says). */
function OpenDebtsUpiNudge({ viewerId }: { viewerId: string }) {
  const open = useSettlements('open');
  const settlements = open.data?.pages.flatMap((page) => page.settlements) ?? [];
  return <UpiNudge payers={payersWaitingOnUpi(settlements, viewerId)} className="mt-4" />;
}

/** To a member owed money without a UPI ID: adding one lets them be paid in one tap. */
function MoneyUpiNudge() {
  const { user } = useAuth();
  if (!user || user.upiId) return null;
  return <OpenDebtsUpiNudge viewerId={user.id} />;
}

/**
 * Money follows the member's own change: when what they did moved a settlement to another tab ("Not
 * received" opens a dispute: Open → Disputed; a withdrawal puts it back), that tab opens, says so
 * ("Moved to Disputed") and brings the card into view. What the other side does only updates the lists.
 */
function useFollowOwnChange(current: SettlementFilter, show: (tab: SettlementFilter) => void) {
  const [followed, setFollowed] = useState<{ id: string; tab: SettlementFilter } | null>(null);
  const [said, setSaid] = useState('');
  const tell = useCallback(
    ({ id, state }: OwnChange) => {
      const tab = tabOf(state);
      if (tab === null || tab === current) return;
      show(tab);
      setFollowed({ id, tab });
      setSaid(`Moved to ${TABS.find((t) => t.value === tab)!.label}`);
    },
    [current, show],
  );
  const focused = useCallback(() => setFollowed(null), []);
  /** The member picked a tab themself: nothing more to follow or say. */
  const forget = useCallback(() => {
    setFollowed(null);
    setSaid('');
  }, []);
  return { tell, followed, focused, said, forget };
}

/**
 * /money: what the viewer owes and is owed (in all and per person), and every settlement by state;
 * a tab follows the member's own change to the tab it moved to.
 */
export function MoneyPage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.value === params.get('tab')),
  );
  const show = useCallback(
    (tab: SettlementFilter) =>
      setParams(tab === 'open' ? {} : { tab }, { replace: true, preventScrollReset: true }),
    [setParams],
  );
  const follow = useFollowOwnChange(TABS[index].value, show);
  return (
    <>
      <title>Money · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Money</h1>
      <p className="mt-1 text-sm text-slate-500">Who owes whom for deliveries and sales.</p>
      <section aria-label="Totals" className="mt-6">
        <Summary />
        <MoneyUpiNudge />
      </section>
      <MoneyCharts />
      <TabGroup
        className="mt-8"
        selectedIndex={index}
        onChange={(i) => {
          follow.forget();
          show(TABS[i].value);
        }}
      >
        <h2 className="sr-only">Settlements</h2>
        <TabList className="flex gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex">
          {TABS.map((tab) => (
            <Tab
              key={tab.value}
              className="min-h-11 flex-1 rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {/* Where a tab that followed the member's own change says so. */}
        <p role="status" className={follow.said ? 'mt-3 text-sm text-slate-600' : 'sr-only'}>
          {follow.said}
        </p>
        <OwnChangeProvider value={follow.tell}>
          <TabPanels className="mt-6">
            {TABS.map((tab) => (
              <TabPanel
                key={tab.value}
                unmount
                className="focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <SettlementsTab
                  status={tab.value}
                  empty={tab.empty}
                  hint={tab.hint}
                  focusId={follow.followed?.tab === tab.value ? follow.followed.id : null}
                  focused={follow.focused}
                />
              </TabPanel>
            ))}
          </TabPanels>
        </OwnChangeProvider>
      </TabGroup>
    </>
  );
}
