import type {
  DisputeSettlementBody,
  MarkPaidBody,
  SetTipBody,
  Settlement,
  SettlementFilter,
  SettlementKind,
} from '@campusrun/shared';
import { resizePhotos } from '@/lib/resize-photo';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as endpoints from './endpoints/settlements';
import { productKeys, settlementKeys, applySettlement } from './cache';

/**
 * After the viewer's own change: the new copy in place, and the lists refetch (the settlement may
 * have moved from one tab to another). A sale's reviews refetch too: the buyer's confirmation is what
 * lets the two review each other (the live event may come before the page is listening).
 */
function applySettlementChange(queryClient: QueryClient, settlement: Settlement) {
  applySettlement(queryClient, settlement);
  void queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
  if (settlement.kind === 'sale' && settlement.thing.id)
    void queryClient.invalidateQueries({ queryKey: productKeys.reviews(settlement.thing.id), exact: true });
}

/** Toasts of the money screens close after 3 seconds, like the request pages'. */
export const SETTLEMENT_TOAST = { autoClose: 3000 } as const;

/** PUT /settlements/{id}/accept-cost (the requester; adds the receipt above the estimate) → { settlement }. */
const acceptCost = (id: string) => endpoints.acceptCost({ params: { id } }).then((res) => res.settlement);

export function useAcceptCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptCost,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/** PUT /settlements/{id}/confirm (the buyer; proposed → open) → { settlement }. */
const confirmSale = (id: string) => endpoints.confirmSale({ params: { id } }).then((res) => res.settlement);

export function useConfirmSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSale,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/** PUT /settlements/{id}/decline (the buyer; proposed → void) → { settlement }. */
const declineSale = (id: string) => endpoints.declineSale({ params: { id } }).then((res) => res.settlement);

export function useDeclineSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineSale,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/**
 * GET /settlements/for?kind&targetId → { settlement } : the settlement of one request or sale, or
 * null (none yet, or the viewer is not one of its two parties).
 */
const getSettlementFor = (kind: SettlementKind, targetId: string, signal?: AbortSignal) =>
  endpoints.lookup({ query: { kind, targetId } }, { signal }).then((body) => body.settlement);

const settlementForQuery = (kind: SettlementKind, targetId: string) =>
  queryOptions({
    queryKey: settlementKeys.lookup(kind, targetId),
    queryFn: ({ signal }) => getSettlementFor(kind, targetId, signal),
  });

export function useSettlementFor(kind: SettlementKind, targetId: string) {
  return useQuery(settlementForQuery(kind, targetId));
}

/** GET /settlements/summary → { youOwe, owedToYou, byPerson } (rupees still owed: open, paid, disputed). */
const getSettlementSummary = (signal?: AbortSignal) => endpoints.summary({ signal });

const settlementSummaryQuery = () =>
  queryOptions({ queryKey: settlementKeys.summary(), queryFn: ({ signal }) => getSettlementSummary(signal) });

export function useSettlementSummary() {
  return useQuery(settlementSummaryQuery());
}

/**
 * GET /settlements/earnings → { timeZone, earned, spent }: the viewer's completed deliveries' fees,
 * items and tips for each of the last 12 campus weeks, this week, this month and all time.
 */
const earningsQuery = () =>
  queryOptions({
    queryKey: settlementKeys.earnings(),
    queryFn: ({ signal }) => endpoints.earnings({ signal }),
  });

export function useEarnings() {
  return useQuery(earningsQuery());
}

const SETTLEMENTS_PAGE_SIZE = 20;

/** GET /settlements?status&limit&cursor → { settlements, nextCursor } (the viewer's, newest first). */
const getSettlements = (status: SettlementFilter, cursor?: string, signal?: AbortSignal) =>
  endpoints.list({ query: { status, limit: SETTLEMENTS_PAGE_SIZE, cursor } }, { signal });

const settlementsQuery = (status: SettlementFilter) =>
  infiniteQueryOptions({
    queryKey: settlementKeys.list(status),
    queryFn: ({ pageParam, signal }) => getSettlements(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSettlements(status: SettlementFilter) {
  return useInfiniteQuery(settlementsQuery(status));
}

/**
 * PUT /settlements/{id}/not-received { details? } (the payee; paid → disputed, a dispute opens with
 * what they wrote) → { settlement }.
 */
const markNotReceived = ({ id, details }: { id: string; details?: string }) =>
  endpoints
    .markNotReceived({ params: { id }, body: details ? { details } : undefined })
    .then((res) => res.settlement);

export function useMarkNotReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotReceived,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/** PUT /settlements/{id}/paid { method } (the payer; open → paid) → { settlement }. */
const markPaid = ({ id, ...body }: MarkPaidBody & { id: string }) =>
  endpoints.markPaid({ params: { id }, body }).then((res) => res.settlement);

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaid,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/**
 * PUT /settlements/{id}/tip { tip } (the payer of a delivery, whole rupees; 0 takes it back) →
 * { settlement }, whose UPI link now asks for the tip on top of what is owed.
 */
const setTip = ({ id, ...body }: SetTipBody & { id: string }) =>
  endpoints.setTip({ params: { id }, body }).then((res) => res.settlement);

export function useSetTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTip,
    // The new copy in place; what is owed does not change, so no list or total refetches.
    onSuccess: (settlement) => applySettlement(queryClient, settlement),
  });
}

/** PUT /settlements/{id}/received (the payee; open or paid → settled) → { settlement }. */
const markReceived = (id: string) => endpoints.markReceived({ params: { id } }).then((res) => res.settlement);

export function useMarkReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReceived,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}

/** PUT /settlements/{id}/remind (the payee; at most once a day, the payer is told) → { settlement }. */
const remindSettlement = (id: string) => endpoints.remind({ params: { id } }).then((res) => res.settlement);

export function useRemindSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindSettlement,
    // The new copy in place (Remind is off for a day); no list or total changes, so none refetches.
    onSuccess: (settlement) => applySettlement(queryClient, settlement),
  });
}

/**
 * POST /settlements/{id}/dispute { reason, details } (either party) → 201 { dispute }. Named by the
 * settlement, so it works after the product sold was deleted.
 */
const openDispute = ({ settlementId, ...body }: DisputeSettlementBody & { settlementId: string }) =>
  endpoints.dispute({ params: { id: settlementId }, body }).then((res) => res.dispute);

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    // The settlement is now disputed: its card, the lists and the totals fetch it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

interface StatementVariables {
  disputeId: string;
  text: string;
  /** Positions of the photos already there to keep. */
  keep: number[];
  /** New photos, resized on this device first. */
  photos: File[];
  /** Follows the upload, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /disputes/{id}/statement, multipart: the text, the kept positions and the new `photos` (made
 * smaller on this device; the server verifies and re-encodes them) → { settlement }. Either party,
 * while the dispute is open.
 */
async function writeStatement({ disputeId, text, keep, photos, onProgress }: StatementVariables) {
  const sent = await resizePhotos(photos);
  const form = new FormData();
  form.append('text', text);
  // An empty `keep` says "none of them"; without any, the server would keep them all.
  if (keep.length === 0) form.append('keep', '');
  for (const position of keep) form.append('keep', String(position));
  for (const photo of sent) form.append('photos', photo, photo.name);
  return endpoints
    .writeStatement({ params: { id: disputeId }, body: form }, { onProgress })
    .then((res) => res.settlement);
}

export function useWriteStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeStatement,
    onSuccess: (settlement) => applySettlement(queryClient, settlement),
  });
}

/** PUT /disputes/{id}/withdraw (the one who opened it) → { settlement }, back where it was. */
const withdrawDispute = (disputeId: string) =>
  endpoints.withdrawDispute({ params: { id: disputeId } }).then((res) => res.settlement);

export function useWithdrawDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDispute,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
