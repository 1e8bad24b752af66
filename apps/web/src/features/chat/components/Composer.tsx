import { CHAT_LIMITS } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, SendHorizontal } from 'lucide-react';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useToastClearance } from '@/lib/toast';
import { type KeyboardEvent, type RefObject, useId, useRef } from 'react';

/** The counter shows once fewer than this many characters are left. */
const COUNTER_FROM = CHAT_LIMITS.messageMax - 200;

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the text the field holds. */
  onSend: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** A photo was chosen to send. */
  onPhoto?: (file: File) => void;
  /** Upload progress of the photo being sent (0…1), or null. */
  photoProgress?: number | null;
  /** The browser is offline: text waits for the network, a photo cannot be sent. */
  offline?: boolean;
}

/** Why the photo button is off while offline (its tooltip and description). */
const OFFLINE_HINT = 'You’re offline';

/** Enter sends, Shift+Enter makes a new line; empty or whitespace-only text cannot be sent. */
export function Composer({
  value,
  onChange,
  onSend,
  inputRef,
  onPhoto,
  photoProgress = null,
  offline = false,
}: ComposerProps) {
  const counterId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useToastClearance(formRef, 'bottom');
  const length = value.length;
  const canSend = value.trim().length > 0 && length <= CHAT_LIMITS.messageMax;

  /**
   * What the field holds now. On a screen drawn on the server, text typed before the app took the
   * page over is in the field but not yet in `value`, and a send pressed then is replayed once it has:
   * the field is what the member sees, so that is what goes.
   */
  function send() {
    const text = inputRef.current?.value ?? value;
    if (text.trim().length > 0 && text.length <= CHAT_LIMITS.messageMax) onSend(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <>
      {photoProgress !== null && (
        <ProgressBar
          value={photoProgress}
          label="Sending photo"
          className="border-t border-slate-200 px-3 pt-2"
        />
      )}
      <form
        ref={formRef}
        className="flex items-end gap-2 border-t border-slate-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom,0px))]"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {onPhoto && (
          <>
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onPhoto(file);
              }}
            />
            <button
              type="button"
              aria-label="Send a photo"
              disabled={photoProgress !== null || offline}
              title={offline ? OFFLINE_HINT : undefined}
              onClick={() => fileRef.current?.click()}
              className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <ImagePlus className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
        <div className="min-w-0 flex-1">
          <textarea
            ref={inputRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            enterKeyHint="send"
            maxLength={CHAT_LIMITS.messageMax}
            aria-label="Message"
            aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
            placeholder="Type a message…"
            className="block max-h-32 min-h-11 w-full resize-none rounded-lg border-0 px-3 py-2.5 text-base text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 sm:text-sm"
          />
          {length >= COUNTER_FROM && (
            <p
              id={counterId}
              className={clsx(
                'mt-1 text-right text-xs',
                length >= CHAT_LIMITS.messageMax ? 'text-red-700' : 'text-slate-500',
              )}
            >
              {length}/{CHAT_LIMITS.messageMax}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-on-fill hover:bg-indigo-700 dark:hover:bg-indigo-600/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </form>
    </>
  );
}
