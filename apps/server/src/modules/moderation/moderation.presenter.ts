import type { ModerationReport } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import { isPrivateUploadKey, type Storage } from '../../lib/storage';
import type { UploadLinks } from '../../lib/upload-links';
import type { listReports, TargetDetails } from './moderation.repo';

type ReportRow = Awaited<ReturnType<typeof listReports>>[number];

/** How a stored photo is loaded: a product's through the storage's public URL, a chat photo signed. */
export interface PhotoUrls {
  storage: Pick<Storage, 'url'>;
  links: Pick<UploadLinks, 'url'>;
}

const photoUrl = (urls: PhotoUrls, key: string) =>
  isPrivateUploadKey(key) ? urls.links.url(key) : urls.storage.url(key);

/**
 * One report in the queue with a preview of its target: every photo is a URL the moderator's browser
 * loads as it is (product thumbnails, a photo message's signed photo, a user's avatar).
 */
export function presentReport(
  row: ReportRow,
  details: TargetDetails | undefined,
  urls: PhotoUrls,
): ModerationReport {
  const r = row.report;
  return {
    id: r.id,
    reporter: { id: r.reporterId, name: row.reporterName },
    reason: r.reason,
    details: r.details,
    status: r.status,
    resolution: r.resolution,
    createdAt: r.createdAt.toISOString(),
    target: {
      type: r.targetType,
      id: r.targetId,
      owner: { id: r.targetOwnerId, name: row.ownerName, suspended: row.ownerSuspended },
      title: details?.title ?? null,
      text: details?.text ?? null,
      price: details?.price == null ? null : toRupees(details.price),
      photos: details
        ? [
            ...details.photoKeys.map((key) => photoUrl(urls, key)),
            ...(details.avatar ? [details.avatar] : []),
          ]
        : [],
      context: details?.context ?? [],
      moderation: details?.moderation ?? null,
      post: details?.post ?? null,
    },
  };
}
