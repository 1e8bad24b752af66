import { z } from 'zod';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES } from '../messages/searches';
import { charactersNotAllowed } from '../messages/common';
import { userText } from './common';
import { productListQuerySchema } from './products';
import { availableRequestsQuerySchema } from './requests';

/** A marketplace search as the marketplace takes it (GET /products): words, filters and sort. */
export const productSearchFiltersSchema = productListQuerySchema.pick({
  search: true,
  category: true,
  condition: true,
  minPrice: true,
  maxPrice: true,
  sort: true,
});
export type ProductSearchFilters = z.infer<typeof productSearchFiltersSchema>;

/** A search of requests to deliver as Browse requests takes it (GET /dayscholar/requests/available). */
export const requestSearchFiltersSchema = availableRequestsQuerySchema.pick({
  search: true,
  location: true,
  pickupFrom: true,
  minFee: true,
  maxFee: true,
  sort: true,
});
export type RequestSearchFilters = z.infer<typeof requestSearchFiltersSchema>;

const searchName = userText('line', charactersNotAllowed('Name'), {
  error: SAVED_SEARCH_MESSAGES.nameRequired,
})
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(SAVED_SEARCH_LIMITS.nameMax, SAVED_SEARCH_MESSAGES.nameTooLong);

/** POST /saved-searches: a name and what the search looks through, with its filters. */
export const createSavedSearchSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('products'), name: searchName, filters: productSearchFiltersSchema }),
    z.object({ kind: z.literal('requests'), name: searchName, filters: requestSearchFiltersSchema }),
  ],
  { error: SAVED_SEARCH_MESSAGES.kindInvalid },
);
export type CreateSavedSearchBody = z.infer<typeof createSavedSearchSchema>;

/** PATCH /saved-searches/{id}: a new name, or alerts paused or resumed. */
export const updateSavedSearchSchema = z.object({
  name: searchName.optional(),
  paused: z.boolean({ error: 'paused must be true or false' }).optional(),
});
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchSchema>;

const savedSearchBase = {
  id: z.uuid(),
  name: z.string(),
  /** No alerts while paused; the search still opens. */
  paused: z.boolean(),
  /** Posts that matched since the member last opened the search. */
  newMatches: z.number().int(),
  createdAt: z.string(),
  lastOpenedAt: z.string(),
};
export const savedSearchSchema = z.discriminatedUnion('kind', [
  z.object({ ...savedSearchBase, kind: z.literal('products'), filters: productSearchFiltersSchema }),
  z.object({ ...savedSearchBase, kind: z.literal('requests'), filters: requestSearchFiltersSchema }),
]);
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /saved-searches: the member's own, newest first (at most SAVED_SEARCH_LIMITS.perMember). */
export const savedSearchListResponseSchema = z.object({ searches: z.array(savedSearchSchema) });
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponseSchema>;
/** POST, PATCH and POST …/open. */
export const savedSearchResponseSchema = z.object({ search: savedSearchSchema, message: z.string() });
export type SavedSearchResponse = z.infer<typeof savedSearchResponseSchema>;
