import { CloudOff } from 'lucide-react';
import { MessageText } from './MessageText';

/** What a message written without a network says until it can go. */
const WAITING_FOR_NETWORK = 'Waiting for network';

/**
 * A message of mine held until the network returns. Its state is inside the bubble, so a screen
 * reader reads it with the text, and Cancel takes the message back.
 */
export function WaitingBubble({ content, onCancel }: { content: string; onCancel: () => void }) {
  return (
    <div className="max-w-[80%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm text-on-fill">
      <p className="whitespace-pre-wrap break-words">
        <MessageText text={content} />
      </p>
      <p className="mt-1 flex items-center justify-end gap-1.5 text-xs">
        <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
        <span>{WAITING_FOR_NETWORK}</span>
        <button
          type="button"
          aria-label="Cancel message"
          onClick={onCancel}
          className="ml-1 min-h-6 rounded-full px-2 font-medium underline underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-current"
        >
          Cancel
        </button>
      </p>
    </div>
  );
}
