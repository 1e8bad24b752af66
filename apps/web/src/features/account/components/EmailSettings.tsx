import { EMAIL_KINDS, EMAIL_KIND_LABELS, type EmailKind } from '@campusrun/shared';
import { Checkbox } from '@/components/ui/Checkbox';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEmailPreferences, useSaveEmailPreferences } from '@/api/account';

/** E-mails while away: each kind on or off (the e-mails' own links turn one off too). */
export function EmailSettings() {
  const query = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const set = (kind: EmailKind, on: boolean) => {
    if (!query.data) return;
    save.mutate(
      { ...query.data, [kind]: on },
      { onError: (error) => toast.error(errorMessage(error, 'Could not save your choice')) },
    );
  };
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-900">E-mail me when I am away about</legend>
      {query.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Could not load your e-mail settings.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className="mt-2 space-y-2">
          {EMAIL_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={EMAIL_KIND_LABELS[kind]}
              checked={query.data[kind]}
              disabled={save.isPending}
              onChange={(event) => set(kind, event.target.checked)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
