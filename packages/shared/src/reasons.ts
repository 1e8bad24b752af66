/**
 * Why the server refused a call: a stable string beside the human `message` of every error body, so
 * a client branches on it and never on the text. Each feature with refusals of its own lists them
 * here; any other refusal carries the reason of its code.
 */

/** The reason of a refusal with nothing more precise to say, one per error code. */
export const CODE_REASONS = {
  VALIDATION_FAILED: 'invalidInput',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  NOT_FOUND: 'notFound',
  CONFLICT: 'conflict',
  PAYLOAD_TOO_LARGE: 'payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'unsupportedMediaType',
  RATE_LIMITED: 'rateLimited',
  SERVICE_UNAVAILABLE: 'serviceUnavailable',
  INTERNAL: 'internal',
} as const;
export type CodeReason = (typeof CODE_REASONS)[keyof typeof CODE_REASONS];

/** What the request rules refuse (who may accept, deliver, cancel or repost a request, and when). */
export const REQUEST_REFUSALS = [
  'ownRequest',
  'notRequester',
  'notDeliverer',
  'alreadyYours',
  'taken',
  'expired',
  'notExpired',
  'completed',
  'cancelled',
  'notAccepted',
  'tooManyActive',
  'gaveUpTwice',
  /** The request is part of a shared run: a day scholar accepts the run, not one of its requests. */
  'partOfRun',
  /** Its deliverer has not acted on it yet (marked it picked up, typed the handover code). */
  'notPickedUp',
  /** Its deliverer already marked it picked up. */
  'alreadyPickedUp',
] as const;
export type RequestRefusal = (typeof REQUEST_REFUSALS)[number];

/** Every reason a request call may be refused for, beyond its code's. */
export const REQUEST_REASONS = [
  ...REQUEST_REFUSALS,
  /** Someone else changed the request between the read and the write. */
  'changed',
  /** The deliverer typed a handover code that is not the request's. */
  'handoverCodeWrong',
  /** Too many wrong handover codes were typed for the request; it no longer takes one. */
  'handoverCodeLocked',
  /** A receipt amount was given for a request that has no item cost. */
  'noItemCost',
] as const;
export type RequestReason = (typeof REQUEST_REASONS)[number];

/** What the trip rules refuse (posting a trip, adding a request to one, taking it off, cancelling). */
export const TRIP_REASONS = [
  /** The day scholar already has an open trip (status open, cutoff not passed). */
  'oneOpenTrip',
  /** The trip's cutoff has passed: no request is added or taken off any more. */
  'cutoffPassed',
  /** As many requests ride on the trip as it takes. */
  'full',
  /** The runner cancelled the trip. */
  'cancelled',
  /** The request is due before the trip arrives. */
  'deadlineBeforeArrival',
  /** Only a pending request (not accepted, not in a shared run, not expired) is added to a trip. */
  'requestNotPending',
  /** The request does not ride on this trip. */
  'notOnTrip',
  /** Its runner already picked the request up: it stays on the trip. */
  'pickedUp',
  /** Only the trip's runner may do that. */
  'notRunner',
  /** A hosteller adds and takes off only their own requests. */
  'notYourRequest',
  /** The runner and the requester block one another. */
  'blocked',
] as const;
export type TripReason = (typeof TRIP_REASONS)[number];

/** What the rating rules refuse (rating the other party of a delivery or a sale). */
export const RATING_REFUSALS = [
  /** Only the requester and the deliverer of a request rate it; only the seller and buyer a sale. */
  'notParty',
  /** The request is not completed. */
  'notCompleted',
  /** Its deliverer never acted on it (picked it up, typed the code, completed it): no delivery to rate. */
  'notDelivered',
  /** No sale to review: the product was not sold, or the buyer declined or the seller called it off. */
  'notSold',
  /** The seller marked it sold; the buyer has not confirmed buying it yet. */
  'notConfirmed',
] as const;
export type RatingRefusal = (typeof RATING_REFUSALS)[number];

/** What the shared-run rules refuse (joining, leaving and accepting a run). */
export const RUN_REASONS = [
  /** The hosteller already has a request in the run. */
  'alreadyJoined',
  /** The hosteller has no request in the run to take out. */
  'notJoined',
  /** The starter cannot leave their own run (they cancel their request instead). */
  'starterCannotLeave',
  /** The time to join by has passed. */
  'cutoffPassed',
  /** The run has as many participants as it may. */
  'full',
  /** Another day scholar accepted the run first. */
  'taken',
  /** The run is no longer open (cancelled, or its deadline passed). */
  'notOpen',
  /** The day scholar already holds as many active deliveries as allowed. */
  'tooManyActive',
  /** The hosteller already has as many runs open to joining as they may start. */
  'tooManyOpen',
] as const;
export type RunReason = (typeof RUN_REASONS)[number];

/** What the settling-up rules refuse (marking paid, received, not received). */
export const SETTLEMENT_REASONS = [
  /** Only the payer marks a settlement paid. */
  'notPayer',
  /** Only the payee confirms it was received, or not. */
  'notPayee',
  /** It was already marked paid (or is past open). */
  'notOpen',
  /** It is settled already. */
  'alreadySettled',
  /** "Not received" needs it marked paid first. */
  'notPaid',
  /** A dispute about it is open; a moderator decides. */
  'disputed',
  /** The buyer has not confirmed the sale yet. */
  'proposed',
  /** Only a sale waiting for the buyer is confirmed or declined. */
  'notProposed',
  /** The sale was called off (the buyer said they did not buy it, or the seller changed it). */
  'voided',
  /** The deliverer's receipt above the estimate waits for the requester's Accept or Dispute. */
  'costPending',
  /** There is no receipt above the estimate to accept. */
  'noCostClaim',
  /** The payee disputed it before; each party may once. */
  'alreadyDisputed',
  /** The payer was reminded less than a day ago (by the payee or by the daily reminder). */
  'remindedRecently',
  /** A tip is for a delivery: a sale's settlement takes none. */
  'saleNoTip',
  /** Once marked paid, the tip never goes below what that payment covered. */
  'tipAlreadyPaid',
] as const;
export type SettlementReason = (typeof SETTLEMENT_REASONS)[number];

/** What the dispute rules refuse (opening one, deciding one). */
export const DISPUTE_REFUSALS = [
  /** Only the two parties of the request or sale open a dispute. */
  'notParty',
  /** The request is not completed, or the product not sold to a named buyer. */
  'notFinished',
  /** More than 48 hours have passed since the completion or sale. */
  'windowClosed',
  /** A dispute about it is already open. */
  'alreadyOpen',
  /** The dispute was decided already. */
  'alreadyResolved',
  /** This party disputed this settlement before: one dispute per party per settlement. */
  'alreadyDisputed',
  /** A moderator does not decide a dispute they are a party to or opened. */
  'own',
] as const;
export type DisputeRefusal = (typeof DISPUTE_REFUSALS)[number];

/** What the seller's changes to a sold product refuse. */
export const SALE_REASONS = [
  /** The buyer confirmed the sale: it is settled (or void) before the product changes again. */
  'settlementOpen',
  /** Bumped less than 72 hours ago: the Retry-After header says in how many seconds it may be. */
  'bumpTooSoon',
  /** Only an available product is bumped. */
  'notAvailable',
] as const;
export type SaleReason = (typeof SALE_REASONS)[number];

/** What "Delete my account" refuses. */
export const ACCOUNT_REFUSALS = [
  /** Something open is in the way: the error body's `blockers` lists it. */
  'accountInUse',
  /** A member without a password signed in too long ago to delete without signing in again. */
  'signInAgain',
] as const;
export type AccountRefusal = (typeof ACCOUNT_REFUSALS)[number];

/**
 * Why a signed-in call answered 401 although it carried a token: its session was ended (this device
 * was signed out from another, every device was, or the password changed), or it expired (too old,
 * left unused, or not a token at all). Said only to the holder of the token, about that token.
 */
export const SESSION_REFUSALS = ['sessionEnded', 'sessionExpired'] as const;
export type SessionRefusal = (typeof SESSION_REFUSALS)[number];

/** The reasons of each feature (by its API tag), as the OpenAPI document lists them. */
export const FEATURE_REASONS: Readonly<Record<string, readonly string[]>> = {
  requests: REQUEST_REASONS,
  trips: TRIP_REASONS,
  ratings: RATING_REFUSALS,
  runs: RUN_REASONS,
  settlements: SETTLEMENT_REASONS,
  disputes: DISPUTE_REFUSALS,
  users: ACCOUNT_REFUSALS,
  products: SALE_REASONS,
};

export type ErrorReason =
  | CodeReason
  | RequestReason
  | TripReason
  | RatingRefusal
  | RunReason
  | SettlementReason
  | DisputeRefusal
  | SaleReason
  | AccountRefusal
  | SessionRefusal;
