import type { AppContext } from './lib/app-context';
import type { JobQueue } from './lib/jobs';
import type { Metrics } from './lib/metrics';
import type { Resolver } from './lib/public-address';
import type { MemberErasers } from './modules/account/account.repo';
import { createAccountService } from './modules/account/account.service';
import * as userWrites from './modules/identity/auth.repo';
import { deleteSessionsOf } from './modules/identity/session.repo';
import { deleteBlocksBy } from './modules/blocks/blocks.repo';
import { deleteFollowsOf } from './modules/follows/follows.repo';
import { deleteSearchesOf } from './modules/searches/searches.repo';
import { createSearchesService } from './modules/searches/searches.service';
import { deleteWantedOf } from './modules/wanted/wanted.repo';
import { createWantedService } from './modules/wanted/wanted.service';
import * as lostFoundWrites from './modules/lost-found/lost-found.repo';
import { createLostFoundService } from './modules/lost-found/lost-found.service';
import { blankMessage } from './modules/chat/chat.repo';
import { deleteSendsOf } from './modules/emails/emails.repo';
import {
  deleteNotificationsOf,
  renameMemberInNotifications,
} from './modules/notifications/notifications.repo';
import { deletePendingOffersBy } from './modules/offers/offers.repo';
import * as productWrites from './modules/products/products.repo';
import { deleteSubscriptionsOf } from './modules/push/push.repo';
import { closeReports } from './modules/reports/reports.repo';
import { releaseSale, renameMemberInDisputes, voidProposedOf } from './modules/settlements/settlements.repo';
import { createAuthService } from './modules/identity/auth.service';
import { createAvatarService } from './modules/identity/avatar.service';
import { createGoogleService } from './modules/identity/google.service';
import { createProfileService } from './modules/identity/profile.service';
import { createSessionService } from './modules/identity/session.service';
import { createBlocksService } from './modules/blocks/blocks.service';
import { createChatService, type ChatPorts } from './modules/chat/chat.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createEmailsService, type EmailsService } from './modules/emails/emails.service';
import { createExportService } from './modules/export/export.service';
import { createFollowsService } from './modules/follows/follows.service';
import { logAction } from './modules/moderation/moderation.repo';
import { createModerationService } from './modules/moderation/moderation.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import {
  saveMessageNotifications,
  saveSearchMatchNotices,
} from './modules/notifications/notifications.writer';
import { createOffersService } from './modules/offers/offers.service';
import { createProductsService } from './modules/products/products.service';
import { createProfilesService } from './modules/people/profiles.service';
import { createPreviewsService } from './modules/previews/previews.service';
import { createPushSender } from './modules/push/push.sender';
import { createPushService, type PushService } from './modules/push/push.service';
import { createRatingsService } from './modules/ratings/ratings.service';
import { createReportsService } from './modules/reports/reports.service';
import { createRequestsService } from './modules/requests/requests.service';
import * as requestWrites from './modules/requests/requests.writes';
import { createTripsService } from './modules/trips/trips.service';
import { createRunsService } from './modules/runs/runs.service';
import { createDisputePhotoLinks } from './modules/settlements/settlements.photos';
import { createSettlementsService } from './modules/settlements/settlements.service';
import { createVitalsService } from './modules/system/vitals.service';

/** Who has an open socket on any process; the realtime gateway answers it. */
export interface Presence {
  onlineAmong(userIds: string[]): Promise<Set<string>>;
}

/** Nobody is online (the demo seed, which runs without sockets). */
export const NOBODY_ONLINE: Presence = { onlineAmong: async () => new Set() };

export interface ServiceDeps {
  presence: Presence;
  /** The job queue of away e-mails and Web Push, when either is enabled. */
  jobs?: JobQueue;
  /** Web Push: an extra certificate authority and how endpoint host names are resolved (tests). */
  push?: { ca?: string | Buffer; resolve?: Resolver };
  /** The app's metrics, which the speed reports of real page loads feed (GET /api/metrics). */
  metrics: Pick<Metrics, 'addHistogram'>;
}

/**
 * Each table's owner erasing its part of a leaving member, for the account feature's deletion (one
 * transaction: every function runs in the executor it is handed).
 */
const memberErasers: MemberErasers = {
  cancelPendingRequests: requestWrites.cancelPendingOfMember,
  forgetDeliveryLocations: requestWrites.forgetDeliveryLocations,
  renameInNotifications: renameMemberInNotifications,
  renameInDisputes: renameMemberInDisputes,
  voidProposedSettlements: voidProposedOf,
  deleteProducts: productWrites.deleteProductsOf,
  forgetSavedProducts: productWrites.forgetSavedBy,
  deleteSessions: deleteSessionsOf,
  deletePushSubscriptions: deleteSubscriptionsOf,
  deleteBlocksBy,
  deleteFollowsOf,
  deleteSavedSearches: deleteSearchesOf,
  deleteWantedPosts: deleteWantedOf,
  deleteLostFound: lostFoundWrites.deleteLostFoundOf,
  deletePendingOffersBy,
  deleteNotifications: deleteNotificationsOf,
  deletePasswordResets: userWrites.deletePasswordResetsOf,
  deleteEmailSends: deleteSendsOf,
  eraseUser: userWrites.eraseUser,
};

/** The requests module's writes a trip makes in its own transaction: accepting and handing back requests. */
const tripRequestWrites = {
  acceptGroup: requestWrites.acceptGroup,
  returnFromTrip: requestWrites.returnFromTrip,
  returnTripRequests: requestWrites.returnTripRequests,
};

/** The requests module's writes a shared run makes in its own transaction, from joining to acceptance. */
const runRequestWrites = {
  insertRunRequest: requestWrites.insertRunRequest,
  setFee: requestWrites.setFee,
  cancelPending: requestWrites.cancelPending,
  leaveAcceptedRun: requestWrites.leaveAcceptedRun,
  releaseHiddenFromRun: requestWrites.releaseHiddenFromRun,
  lockPendingOfRun: requestWrites.lockPendingOfRun,
  acceptGroup: requestWrites.acceptGroup,
};

/**
 * What new chat messages leave, in their own transaction, each part written by the feature that owns
 * it: the receivers' notifications, then the jobs of their away e-mails and pushes, queued in one
 * statement.
 */
function messageFollowUps(jobs: JobQueue | undefined, emails: EmailsService, push: PushService) {
  const followUps: ChatPorts['followUps'] = async (tx, sent) => {
    const notices = await saveMessageNotifications(tx, sent);
    const queued = sent.flatMap(({ message }, i) => [
      emails.unreadMessagesJob(message),
      push.messageNoticeJob(notices[i]!, message.id),
    ]);
    await jobs?.queueIn(
      tx,
      queued.filter((job) => job !== undefined),
    );
    return notices;
  };
  return followUps;
}

/**
 * Every feature's service, each built exactly once from the context. This is the only place a
 * service is constructed (a test checks it): routes, the realtime gateway, jobs and the demo seed are
 * handed these. A feature that needs another's service gets it here, typed, since features never
 * import each other.
 */
export function createServices(ctx: AppContext, deps: ServiceDeps) {
  const { config } = ctx;
  const push = createPushService(
    { ...ctx, publicKey: config.vapid?.publicKey ?? null, rules: config.push },
    {
      sender: config.vapid ? createPushSender(config.vapid, { rules: config.push, ...deps.push }) : undefined,
      jobs: deps.jobs,
      presence: deps.presence,
      resolve: deps.push?.resolve,
      preferences: { set: userWrites.setPushPreferences },
    },
  );
  const emails = createEmailsService(ctx, {
    jobs: config.offlineEmail.enabled ? deps.jobs : undefined,
    presence: deps.presence,
    preferences: { set: userWrites.setEmailPreferences, turnOff: userWrites.turnEmailOff },
  });
  const chat = createChatService(ctx, { followUps: messageFollowUps(deps.jobs, emails, push) });
  const settlements = createSettlementsService(ctx, { moderation: { logAction } });
  const disputePhotoLinks = createDisputePhotoLinks(ctx.config.jwtSecrets);
  const products = createProductsService(ctx, ctx.storage, {
    settlementWrites: { releaseSale },
    sales: settlements,
  });
  const ratings = createRatingsService(ctx);
  const requests = createRequestsService(ctx, { members: { countGiveUp: userWrites.countGiveUp } });
  const avatar = createAvatarService(ctx);
  const follows = createFollowsService(ctx);
  const profiles = createProfilesService(ctx, {
    ratings,
    products,
    follows: { state: follows.profileState },
  });
  return {
    auth: createAuthService(ctx),
    profile: createProfileService(ctx),
    google: createGoogleService(ctx),
    sessions: createSessionService(ctx),
    avatar,
    requests,
    trips: createTripsService(ctx, { requests, requestWrites: tripRequestWrites }),
    runs: createRunsService(ctx, { requests, requestWrites: runRequestWrites }),
    ratings,
    dashboard: createDashboardService(ctx),
    products,
    chat,
    notifications: createNotificationsService(ctx),
    reports: createReportsService(ctx, {
      holds: {
        product: productWrites.holdIfVisible,
        request: requestWrites.holdIfVisible,
        lost_found_post: lostFoundWrites.holdIfVisible,
        lost_found_claim: lostFoundWrites.holdClaimIfVisible,
      },
    }),
    blocks: createBlocksService(ctx),
    follows,
    searches: createSearchesService(ctx, {
      notices: (kind, itemId, matches) => saveSearchMatchNotices(ctx.db, kind, itemId, matches),
    }),
    wanted: createWantedService(ctx, { chat: { post: chat.post } }),
    lostFound: createLostFoundService(ctx, {
      chat: { post: chat.post },
      people: { reliability: profiles.reliability },
    }),
    moderation: createModerationService(ctx, {
      closeReports,
      listings: {
        product: productWrites.setModeration,
        request: requestWrites.setModeration,
        lost_found_post: lostFoundWrites.setModeration,
        lost_found_claim: lostFoundWrites.setClaimModeration,
      },
      blankMessage,
      suspendUser: userWrites.suspendUser,
      liftSuspension: userWrites.liftSuspension,
    }),
    offers: createOffersService(ctx, { chat, products, productWrites: { reserve: productWrites.reserve } }),
    profiles,
    push,
    settlements,
    emails,
    // The download gives a member's own dispute photos as the settlement gives them: signed links.
    dataExport: createExportService(ctx, { disputePhoto: disputePhotoLinks.photo }),
    vitals: createVitalsService(ctx, { metrics: deps.metrics }),
    previews: createPreviewsService(ctx),
    account: createAccountService(ctx, { requests, products, avatars: avatar, erasers: memberErasers }),
  };
}
export type Services = ReturnType<typeof createServices>;
