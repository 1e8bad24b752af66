import {
  dayScholarStatsResponseSchema,
  hostellerStatsResponseSchema,
  recentProductsResponseSchema,
} from '../schemas/dashboard';
import { recentQuerySchema } from '../schemas/requests';
import { route } from './contract';

const tags = ['dashboard'] as const;

export const hostellerStats = route({
  method: 'GET',
  path: '/hosteller/stats',
  tags,
  response: { 200: hostellerStatsResponseSchema },
});
export const recentProducts = route({
  method: 'GET',
  path: '/hosteller/products/recent',
  tags,
  query: recentQuerySchema,
  response: { 200: recentProductsResponseSchema },
});
export const dayScholarStats = route({
  method: 'GET',
  path: '/dayscholar/stats',
  tags,
  response: { 200: dayScholarStatsResponseSchema },
});
