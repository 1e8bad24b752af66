import type { DeliveryRequest } from '@campusrun/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DeliveryProgressLine } from './DeliveryProgress';
import { RequestStateBadge } from './RequestStatusBadge';

/**
 * The requests a trip or a shared run carries, each opening its page, with its state and what the
 * viewer may do with it (`action`); a line of text when it carries none. Announced as it changes.
 */
export function GroupRequestList({
  requests,
  empty,
  label,
  title,
  detail,
  action,
}: {
  requests: DeliveryRequest[];
  empty: string;
  /** The list's accessible name, when the heading above does not give it. */
  label?: string;
  /** The link's text. */
  title: (request: DeliveryRequest) => string;
  /** The line under it. */
  detail: (request: DeliveryRequest) => string;
  action?: (request: DeliveryRequest) => ReactNode;
}) {
  if (requests.length === 0) return <p className="mt-2 text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200" aria-live="polite" aria-label={label}>
      {requests.map((request) => (
        <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <Link
              to={paths.request(request.id)}
              className="inline-flex items-center font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 max-sm:min-h-11"
            >
              {title(request)}
            </Link>
            <p className="text-sm text-slate-600">{detail(request)}</p>
            <DeliveryProgressLine request={request} className="block text-sm font-medium text-indigo-700" />
          </div>
          <div className="flex items-center gap-2">
            <RequestStateBadge request={request} />
            {action?.(request)}
          </div>
        </li>
      ))}
    </ul>
  );
}
