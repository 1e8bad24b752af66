import type { FollowedUser } from '@campusrun/shared';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { UserCheck, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { mediaUrl } from '@/lib/media';
import { toast } from '@/lib/toast';
import { type FollowSide, useFollowList, useSetFollowing } from '@/api/people';

const TABS: { value: FollowSide; label: string }[] = [
  { value: 'following', label: 'Following' },
  { value: 'followers', label: 'Followers' },
];

const FAILED: Record<FollowSide, string> = {
  following: 'Failed to load the sellers you follow',
  followers: 'Failed to load your followers',
};

/** How many the whole list holds, in words. */
const countLine: Record<FollowSide, (n: number) => string> = {
  following: (n) => `You follow ${n} ${n === 1 ? 'seller' : 'sellers'}.`,
  followers: (n) => `${n} ${n === 1 ? 'member follows' : 'members follow'} you.`,
};

/** Unfollow, on a row of the Following tab: the row leaves at once, and comes back if it fails. */
function UnfollowButton({ user }: { user: FollowedUser }) {
  const mutation = useSetFollowing();
  const unfollow = () =>
    mutation.mutate(
      { userId: user.id, follow: false },
      {
        onSuccess: (answer) => toast.success(answer.message, { toastId: 'user:follow' }),
        onError: (error) =>
          toast.error(errorMessage(error, `Could not unfollow ${user.name}`), { toastId: 'user:follow' }),
      },
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={unfollow}
      isLoading={mutation.isPending}
      aria-label={`Unfollow ${user.name}`}
    >
      Unfollow
    </Button>
  );
}

function Row({ user, side }: { user: FollowedUser; side: FollowSide }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar id={user.id} name={user.name} src={mediaUrl(user.avatar)} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">
          <ProfileLink
            user={user}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {user.name}
          </ProfileLink>
        </p>
        <p className="text-xs text-slate-500">
          {side === 'following' ? 'Following since' : 'Follows you since'} {formatDate(user.since)}
        </p>
      </div>
      {side === 'following' && <UnfollowButton user={user} />}
    </li>
  );
}

function Empty({ side }: { side: FollowSide }) {
  return side === 'following' ? (
    <EmptyState
      icon={UserCheck}
      title="You do not follow anyone yet"
      description="Follow a seller from their profile or a product page to hear when they list something new."
      action={
        <Link to={paths.marketplace} className={buttonClasses({})}>
          Browse the marketplace
        </Link>
      }
    />
  ) : (
    <EmptyState
      icon={Users}
      title="Nobody follows you yet"
      description="Members who follow you hear when you list something new. Only sellers can be followed."
    />
  );
}

/** One tab: the list with its count, loading, empty and error states, and Load more. */
function FollowList({ side }: { side: FollowSide }) {
  const query = useFollowList(side);
  const users = query.data?.pages.flatMap((page) => page.users);
  const total = query.data?.pages[0]?.total ?? 0;
  const { listRef, markLoadMore } = useLoadMoreFocus(users);
  if (query.isPending)
    return (
      <ListCard>
        <div className="space-y-3 p-4" role="status" aria-label="Loading">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-10 w-5/6" />
        </div>
      </ListCard>
    );
  if (query.error && !users) return <ListError title={FAILED[side]} query={query} />;
  if (!users || users.length === 0)
    return (
      <ListCard>
        <Empty side={side} />
      </ListCard>
    );
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{countLine[side](total)}</p>
      <ListCard>
        <ul
          ref={listRef}
          className="divide-y divide-slate-100"
          aria-label={side === 'following' ? 'Sellers you follow' : 'Your followers'}
        >
          {users.map((user) => (
            <Row key={user.id} user={user} side={side} />
          ))}
        </ul>
      </ListCard>
      <LoadMore query={query} failedMessage={FAILED[side]} onLoad={markLoadMore} />
    </>
  );
}

/**
 * /following: the sellers the member follows (Unfollow on each), and on a tab of its own who
 * follows them (nobody else sees that list). The tab is kept in the address (`?tab=followers`).
 */
export function FollowingPage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.value === params.get('tab')),
  );
  return (
    <>
      <title>Following · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Following</h1>
      <p className="mt-1 text-sm text-slate-600">
        Sellers you follow, and who follows you. You hear when a seller you follow lists something new.
      </p>
      <TabGroup
        className="mt-6"
        selectedIndex={index}
        onChange={(i) =>
          setParams(i === 0 ? {} : { tab: TABS[i].value }, { replace: true, preventScrollReset: true })
        }
      >
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
        <TabPanels className="mt-6">
          {TABS.map((tab) => (
            <TabPanel
              key={tab.value}
              unmount
              className="focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <FollowList side={tab.value} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}
