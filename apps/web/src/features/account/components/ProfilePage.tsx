import clsx from 'clsx';
import { Badge } from '@/components/ui/Badge';
import { formatMonthYear } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { BlockedUsers } from '@/components/people/BlockedUsers';
import { AvatarEditor } from './AvatarEditor';
import { DeleteAccount } from './DeleteAccount';
import { DownloadMyData } from './DownloadMyData';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { EmailSettings } from './EmailSettings';
import { PushSettings } from './PushSettings';
import { SessionsList } from './SessionsList';

const ROLE_LABEL = { hosteller: 'Hosteller', dayscholar: 'Day Scholar' } as const;

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium wrap-anywhere text-slate-900 sm:col-span-2 sm:mt-0">
        {value || <span className="font-normal text-slate-500">Not set</span>}
      </dd>
    </div>
  );
}

const card = 'self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * /profile: the photo (tap to change), name and role at the top, then Account, Security and
 * sessions, Notifications, Blocked users and Your data, each said once.
 */
export function ProfilePage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const isHosteller = user.role === 'hosteller';

  return (
    <>
      <title>Profile · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Profile</h1>

      <section aria-label="Profile photo" className={clsx(card, 'mt-6')}>
        <AvatarEditor user={user}>
          <p className="max-w-full text-center text-lg font-semibold wrap-anywhere text-slate-900 sm:text-left">
            {user.name}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {user.role && <Badge tone="indigo">{ROLE_LABEL[user.role]}</Badge>}
            <span className="text-sm text-slate-500">Member since {formatMonthYear(user.createdAt)}</span>
          </div>
        </AvatarEditor>
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="account-heading" className={card}>
          <div className="flex items-center justify-between gap-3">
            <h2 id="account-heading" className="text-base font-semibold text-slate-900">
              Account
            </h2>
            {!editing && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit profile
              </Button>
            )}
          </div>
          <div className="mt-3">
            {editing ? (
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <dl className="divide-y divide-slate-100">
                <Detail label="Email" value={user.email} />
                <Detail label="Phone number" value={user.phoneNumber} />
                {isHosteller && <Detail label="Hostel block" value={user.hostelBlock} />}
                {isHosteller && <Detail label="Room number" value={user.roomNumber} />}
                <Detail label="UPI ID" value={user.upiId} />
              </dl>
            )}
          </div>
        </section>

        <section aria-labelledby="security-heading" className={card}>
          <h2 id="security-heading" className="text-base font-semibold text-slate-900">
            Security and sessions
          </h2>
          <section aria-labelledby="password-heading" className="mt-4">
            <h3 id="password-heading" className="text-sm font-medium text-slate-900">
              Change password
            </h3>
            <p className="mt-1 text-sm text-slate-500">You will stay signed in on this device.</p>
            <ChangePasswordForm />
          </section>
          <section aria-labelledby="sessions-heading" className="mt-6 border-t border-slate-100 pt-4">
            <h3 id="sessions-heading" className="text-sm font-medium text-slate-900">
              Signed-in devices
            </h3>
            <SessionsList />
          </section>
        </section>

        <section aria-labelledby="push-heading" className={card}>
          <h2 id="push-heading" className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          <PushSettings />
          <EmailSettings />
        </section>

        <section aria-labelledby="blocked-heading" className={card}>
          <h2 id="blocked-heading" className="text-base font-semibold text-slate-900">
            Blocked users
          </h2>
          <BlockedUsers />
        </section>

        <section aria-labelledby="data-heading" className={card}>
          <h2 id="data-heading" className="text-base font-semibold text-slate-900">
            Your data
          </h2>
          {/* One row per thing the user can do with their data. */}
          <div className="mt-1 divide-y divide-slate-100">
            <DownloadMyData />
            <DeleteAccount />
          </div>
        </section>
      </div>
    </>
  );
}
