import { PUSH_TOPICS, PUSH_TOPIC_LABELS, type PushTopic } from '@campusrun/shared';
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { errorMessage } from '@/lib/api-client';
import { useBrowserFact } from '@/lib/browser-fact';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  usePushConfig,
  currentSubscription,
  pushSupported,
  turnOffPush,
  useSavePushPreferences,
} from '@/api/account';
import { stopAskingForPush } from '../push-ask-memory';
import { PUSH_FAILED, PUSH_TOAST, turnOnPushHere } from '../push-device';

/**
 * Notifications when no CampusRun tab is open (Web Push): on or off for this device, and which kinds
 * the user wants on every device.
 */
export function PushSettings() {
  const { user } = useAuth();
  const config = usePushConfig();
  const save = useSavePushPreferences();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  // Drawn on the server as supported ("Checking…"), like the browser's first render.
  const supported = useBrowserFact(pushSupported, true);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setSubscribed(Boolean(s)))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const turnOff = async () => {
    try {
      await turnOffPush();
      setSubscribed(false);
      if (user) stopAskingForPush(user.id);
      toast.success('Notifications are off for this device', PUSH_TOAST);
    } catch (error) {
      toast.error(errorMessage(error, PUSH_FAILED), PUSH_TOAST);
    }
  };
  const toggleDevice = async () => {
    setBusy(true);
    if (subscribed) await turnOff();
    else if (config.data?.publicKey && (await turnOnPushHere(config.data.publicKey)) === 'granted')
      setSubscribed(true);
    setBusy(false);
  };

  const topics = PUSH_TOPICS.filter((t) => t !== 'urgent' || user?.role === 'dayscholar');
  const setTopic = (topic: PushTopic, on: boolean) => {
    if (!config.data) return;
    save.mutate(
      { ...config.data.preferences, [topic]: on },
      { onError: (error) => toast.error(errorMessage(error, 'Could not save your choice')) },
    );
  };

  let device;
  if (!supported) device = <p className="text-sm text-slate-600">This browser cannot show notifications.</p>;
  else if (config.isPending || subscribed === null)
    device = <p className="text-sm text-slate-600">Checking…</p>;
  else if (config.isError)
    device = (
      <p role="alert" className="text-sm text-red-700">
        Could not load your notification settings.{' '}
        <button type="button" className="underline" onClick={() => void config.refetch()}>
          Try again
        </button>
      </p>
    );
  else if (!config.data.publicKey)
    device = <p className="text-sm text-slate-600">Notifications are not set up on this server.</p>;
  else
    device = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {subscribed
            ? 'This device gets notifications when CampusRun is closed.'
            : 'This device gets no notifications when CampusRun is closed.'}
        </p>
        <Button
          variant={subscribed ? 'secondary' : 'primary'}
          size="sm"
          onClick={() => void toggleDevice()}
          isLoading={busy}
        >
          {subscribed ? (
            <BellOff className="size-4" aria-hidden="true" />
          ) : (
            <BellRing className="size-4" aria-hidden="true" />
          )}
          {subscribed ? 'Turn off on this device' : 'Turn on for this device'}
        </Button>
      </div>
    );

  return (
    <div className="mt-3 space-y-4">
      {device}
      {config.data && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Notify me about</legend>
          <div className="mt-2 space-y-2">
            {topics.map((topic) => (
              <Checkbox
                key={topic}
                label={PUSH_TOPIC_LABELS[topic]}
                checked={config.data.preferences[topic]}
                disabled={save.isPending}
                onChange={(event) => setTopic(topic, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
