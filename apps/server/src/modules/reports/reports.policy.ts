/**
 * Who may report what. Pure. Nobody reports themselves or their own product, request or message; a
 * completed or cancelled request only by its parties (the only ones who can see it).
 */
export type ReportRefusal = 'own' | 'notVisible';

export function reportRefusal(
  reporterId: string,
  target: { ownerId: string; closedFor?: { requesterId: string; delivererId: string | null } },
): ReportRefusal | null {
  if (target.ownerId === reporterId) return 'own';
  if (
    target.closedFor &&
    target.closedFor.delivererId !== reporterId &&
    target.closedFor.requesterId !== reporterId
  )
    return 'notVisible';
  return null;
}
