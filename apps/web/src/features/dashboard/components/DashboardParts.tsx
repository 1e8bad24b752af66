import type { RecentProduct } from '@campusrun/shared';
import type { LucideIcon } from 'lucide-react';
import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductStatusBadge } from '@/components/products/ProductStatusBadge';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { formatRelativeTime, formatRupees } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { NotKeptOffline } from '@/components/ui/NotKeptOffline';

export function StatCard({
  label,
  value,
  icon: Icon,
  isLoading,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  isLoading: boolean;
}) {
  return (
    // The number sits at the bottom, level with its neighbours' when a label wraps to two lines.
    <div className="flex flex-col justify-between rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
        {label}
        <Icon className="size-5 shrink-0 text-indigo-600" aria-hidden="true" />
      </dt>
      <dd className="mt-2 text-2xl font-semibold text-slate-900">
        {isLoading ? <Skeleton className="h-8 w-16" /> : value}
      </dd>
    </div>
  );
}

export function QuickAction({ to, label, icon: Icon }: { to: string; label: string; icon: LucideIcon }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl bg-white p-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors hover:bg-indigo-50 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {label}
    </Link>
  );
}

export function ProductRow({ product }: { product: RecentProduct }) {
  const cover = product.images[0];
  return (
    <li>
      <Link
        to={paths.product(product.id)}
        className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        {cover ? (
          <img
            src={mediaUrl(cover)}
            alt={product.name}
            className="size-10 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
            <ImageOff className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{product.name}</p>
          <p className="text-xs text-slate-500">
            {formatRupees(product.price)} · {formatRelativeTime(product.createdAt)}
          </p>
        </div>
        <ProductStatusBadge status={product.status} />
      </Link>
    </li>
  );
}

/** A titled card list with a "View all" link, skeleton rows and an empty state. */
export function DashboardList<T>({
  title,
  viewAll,
  items,
  isLoading,
  notKept = false,
  renderItem,
  empty,
  emptyIcon,
  emptyAction,
}: {
  title: string;
  viewAll: string;
  items: T[] | undefined;
  isLoading: boolean;
  /** Nothing of it was kept on this phone and it waits for the network. */
  notKept?: boolean;
  renderItem: (item: T) => ReactNode;
  empty: string;
  emptyIcon: LucideIcon;
  /** An empty list shows an icon, one sentence and the next action. */
  emptyAction: ReactNode;
}) {
  const id = `dash-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          to={viewAll}
          className="-my-3 inline-flex min-h-11 items-center rounded text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          View all<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {notKept ? (
        <NotKeptOffline what="This list" />
      ) : isLoading ? (
        <ul aria-hidden="true" className="divide-y divide-slate-100">
          {[0, 1, 2].map((i) => (
            <li key={i} className="px-4 py-3">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="mt-2 h-3 w-3/4" />
            </li>
          ))}
        </ul>
      ) : items && items.length > 0 ? (
        <ul className="divide-y divide-slate-100">{items.map(renderItem)}</ul>
      ) : (
        <EmptyState icon={emptyIcon} title={empty} action={emptyAction} className="py-8" />
      )}
    </section>
  );
}
