import { SETTLEMENT_STATE_LABELS, type SettlementState } from '@campusrun/shared';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const TONES: Record<SettlementState, BadgeTone> = {
  proposed: 'blue',
  open: 'amber',
  paid: 'blue',
  settled: 'green',
  disputed: 'red',
  void: 'slate',
};

/** The state of a settlement in words ("Not paid yet"), tinted. */
export function SettlementStateBadge({ state }: { state: SettlementState }) {
  return <Badge tone={TONES[state]}>{SETTLEMENT_STATE_LABELS[state]}</Badge>;
}
