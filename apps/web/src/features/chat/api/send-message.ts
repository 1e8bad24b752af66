import type { ChatMessage } from '@campusrun/shared';
import { api } from '@/lib/api-client';

/**
 * POST /chat → { message }. The thread's cache is updated by its caller (`useSendMessage`), which
 * shows the message before the answer and retries it.
 */
export function postMessage(body: {
  receiverId: string;
  content: string;
  clientId: string;
  productId?: string;
}) {
  return api.post<{ message: ChatMessage }>('/chat', body).then((b) => b.message);
}
