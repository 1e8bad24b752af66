import { updateSavedSearchSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The form of a saved search's name (saving one, renaming one). */
export interface SearchNameValues {
  name: string;
}

/** The shared rule for a name: required once trimmed, at most SAVED_SEARCH_LIMITS.nameMax characters. */
export const searchNameResolver = zodResolver(
  z.object({ name: updateSavedSearchSchema.shape.name.unwrap() }),
) as unknown as Resolver<SearchNameValues, unknown, SearchNameValues>;
