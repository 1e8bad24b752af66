import { z } from 'zod';

/** GET /users/blocked: the users the caller blocks, newest first. */
export const blockedUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersResponseSchema = z.object({ users: z.array(blockedUserSchema) });
/** POST/DELETE /users/{id}/block. */
export const blockStateResponseSchema = z.object({ blocked: z.boolean(), message: z.string() });
