import type { WantedPost } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import { answerRefusal } from './wanted.policy';
import type { WantedRow } from './wanted.repo';

/** A wanted post as `viewerId` sees it: what is wanted, by whom, and what the viewer may do. */
export const presentWanted = (
  storage: Pick<Storage, 'url'>,
  viewerId: string,
  row: WantedRow,
): WantedPost => ({
  id: row.id,
  title: row.title,
  details: row.details,
  category: row.category,
  maxPrice: toRupees(row.maxPrice),
  status: row.status,
  expired: row.expired,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
  photo:
    row.photoPath && row.photoThumbPath
      ? { url: storage.url(row.photoPath), thumbnail: storage.url(row.photoThumbPath) }
      : null,
  poster: { id: row.userId, name: row.posterName, avatar: row.posterAvatar },
  can: { answer: answerRefusal(viewerId, row) === null, manage: row.userId === viewerId },
});
