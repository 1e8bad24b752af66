import type { SettlementKind } from '@campusrun/shared';
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';

/** The settle card's code (with the QR encoder) loads only on a page that shows one. */
const SettleCard = lazyPart(
  'settle-card',
  async () => (await import('@/features/settlements/components/SettleCard')).SettleCard,
);

/** The settlement of a completed request or a sale, for its two parties (nothing for anyone else). */
export function LazySettleCard({ kind, targetId }: { kind: SettlementKind; targetId: string }) {
  return (
    <Suspense fallback={null}>
      <SettleCard kind={kind} targetId={targetId} />
    </Suspense>
  );
}
