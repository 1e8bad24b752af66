import type { SavedSearch } from '@campusrun/shared';
import type { SearchRow } from './searches.repo';

/** A saved search as its owner sees it (the columns matching reads stay on the server). */
export const presentSearch = (row: SearchRow): SavedSearch =>
  ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    filters: row.filters,
    paused: row.paused,
    newMatches: row.newMatches,
    createdAt: row.createdAt,
    lastOpenedAt: row.lastOpenedAt,
  }) as SavedSearch;
