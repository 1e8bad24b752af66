import {
  LOST_FOUND_MESSAGES,
  LOST_FOUND_UI,
  PRODUCT_CATEGORY_LABELS,
  type LostFoundPost,
} from '@campusrun/shared';

export const categoryLabel = (post: Pick<LostFoundPost, 'category'>) =>
  PRODUCT_CATEGORY_LABELS[post.category] ?? post.category;

export const kindLabel = (post: Pick<LostFoundPost, 'kind'>) => LOST_FOUND_UI.kinds[post.kind];

/** "Returned to its owner", "Expired" or "Open", as the server words a post's state. */
export const stateLabel = (post: Pick<LostFoundPost, 'state'>) => LOST_FOUND_MESSAGES.stateLabels[post.state];

/** "72 of 80 characters": shown once the field nears its limit. */
export const lengthHint = (text: string, max: number) =>
  text.length > max * 0.8 ? LOST_FOUND_UI.form.length(text.length, max) : undefined;
