import { PRODUCT_CATEGORY_LABELS, type WantedPost } from '@campusrun/shared';
import { formatRupees } from '@/lib/format';

/** "up to ₹800": the most the poster would pay. */
export const upTo = (rupees: number) => `up to ${formatRupees(rupees)}`;

export const wantedCategory = (post: Pick<WantedPost, 'category'>) =>
  PRODUCT_CATEGORY_LABELS[post.category] ?? post.category;

/** Open and within its 14 days, past them (its poster may renew it), or closed by its poster. */
export type WantedState = 'open' | 'expired' | 'closed';

export const wantedState = (post: Pick<WantedPost, 'status' | 'expired'>): WantedState =>
  post.status === 'closed' ? 'closed' : post.expired ? 'expired' : 'open';
