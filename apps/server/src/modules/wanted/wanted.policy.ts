/**
 * Who may answer a wanted post. Pure: no I/O. The service refuses with it and the presenter turns
 * it into `can.answer`, so the web offers "I have one" only where the server would take it.
 */

export type AnswerRefusal = 'own' | 'blocked' | 'notOpen';

export interface WantedState {
  userId: string;
  status: 'open' | 'closed';
  expired: boolean;
  /** The viewer and the poster: either blocks the other. */
  blocked: boolean;
}

/** Not one's own, not across a block, and only while it is open and within its 14 days. */
export function answerRefusal(viewerId: string, post: WantedState): AnswerRefusal | null {
  if (post.userId === viewerId) return 'own';
  if (post.blocked) return 'blocked';
  if (post.status !== 'open' || post.expired) return 'notOpen';
  return null;
}
