import { Badge } from '@/components/ui/Badge';
import { Avatar } from '@/components/ui/Avatar';
import { formatDate, formatMonthYear } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { BlockedUsers } from '@/components/users/BlockedUsers';
import { AvatarEditor } from './AvatarEditor';
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
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 sm:col-span-2 sm:mt-0">
        {value || <span className="font-normal text-slate-500">Not set</span>}
      </dd>
    </div>
  );
}

export function ProfilePage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const isHosteller = user.role === 'hosteller';

  return (
    <>
      <title>Profile · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Profile</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <section
          aria-labelledby="account-heading"
          className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-3"
        >
          <div className="flex flex-col items-center gap-4 border-b border-slate-200 p-5 text-center sm:flex-row sm:text-left">
            <Avatar id={user.id} name={user.name} src={user.avatar} size="lg" />
            <div className="min-w-0 flex-1">
              <h2 id="account-heading" className="truncate text-lg font-semibold text-slate-900">
                {user.name}
              </h2>
              <div className="mt-1 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                {user.role && <Badge tone="indigo">{ROLE_LABEL[user.role]}</Badge>}
                <span className="text-sm text-slate-500">Member since {formatMonthYear(user.createdAt)}</span>
              </div>
            </div>
            {!editing && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit profile
              </Button>
            )}
          </div>
          <div className="p-5">
            {editing ? (
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <dl className="divide-y divide-slate-100">
                <Detail label="Full name" value={user.name} />
                <Detail label="Email" value={user.email} />
                <Detail label="Role" value={user.role ? ROLE_LABEL[user.role] : null} />
                <Detail label="Phone number" value={user.phoneNumber} />
                {isHosteller && <Detail label="Hostel block" value={user.hostelBlock} />}
                {isHosteller && <Detail label="Room number" value={user.roomNumber} />}
                <Detail label="Member since" value={formatDate(user.createdAt)} />
              </dl>
            )}
          </div>
        </section>

        <div className="space-y-6 self-start lg:col-span-2">
          <section
            aria-labelledby="photo-heading"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="photo-heading" className="mb-4 text-base font-medium text-slate-900">
              Profile photo
            </h2>
            <AvatarEditor user={user} />
          </section>

          <section
            aria-labelledby="password-heading"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="password-heading" className="text-base font-medium text-slate-900">
              Change password
            </h2>
            <p className="mt-1 text-sm text-slate-500">You will stay signed in on this device.</p>
            <ChangePasswordForm />
          </section>
        </div>

        <section
          aria-labelledby="sessions-heading"
          className="self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-5"
        >
          <h2 id="sessions-heading" className="text-base font-medium text-slate-900">
            Security and sessions
          </h2>
          <p className="mt-1 text-sm text-slate-500">The devices signed in to your account.</p>
          <SessionsList />
        </section>

        <section
          aria-labelledby="blocked-heading"
          className="self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-5"
        >
          <h2 id="blocked-heading" className="text-base font-medium text-slate-900">
            Blocked users
          </h2>
          <BlockedUsers />
        </section>

        <section
          aria-labelledby="push-heading"
          className="self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-5"
        >
          <h2 id="push-heading" className="text-base font-medium text-slate-900">
            Notifications
          </h2>
          <PushSettings />
          <EmailSettings />
        </section>
      </div>
    </>
  );
}
