import {
  type CreateLostFoundBody,
  LOST_FOUND_KINDS,
  LOST_FOUND_MESSAGES as M,
  type LostFoundKind,
  createLostFoundSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { localToIso, toLocalInput } from '@/lib/local-time';

/** The new-post form's values, as typed. */
export interface LostFoundFormValues {
  kind: LostFoundKind | '';
  title: string;
  category: string;
  place: string;
  /** datetime-local, the browser's wall time. */
  when: string;
  details: string;
  question: string;
  answer: string;
}

/** Checked in this order; each error shows under its field and the first one takes the focus. */
export const FIELD_ORDER = [
  'kind',
  'title',
  'category',
  'place',
  'when',
  'details',
  'question',
  'answer',
] as const;

/** A new post: the kind the board showed (if one), happened just now. */
export function emptyPost(kind: string | null): LostFoundFormValues {
  return {
    kind: (LOST_FOUND_KINDS as readonly string[]).includes(kind ?? '') ? (kind as LostFoundKind) : '',
    title: '',
    category: '',
    place: '',
    when: toLocalInput(new Date()),
    details: '',
    question: '',
    answer: '',
  };
}

const blank = (typed: string): string | undefined => (typed.trim() === '' ? undefined : typed);

/**
 * What the form sends: empty fields left out, the local time as ISO, and the question and answer
 * only on a found post (a lost post has none, whatever was typed before switching).
 */
const toBody = (v: LostFoundFormValues) => ({
  kind: blank(v.kind),
  title: v.title,
  category: blank(v.category),
  place: v.place,
  when: localToIso(blank(v.when)),
  details: blank(v.details),
  ...(v.kind === 'found' && { question: v.question, answer: v.answer }),
});

const checkAll = zodResolver(z.preprocess(toBody, createLostFoundSchema)) as unknown as Resolver<
  LostFoundFormValues,
  unknown,
  CreateLostFoundBody
>;

/**
 * The shared schema, read from what is typed. The schema asks a found post for its question and
 * answer only once every other field passes; here they are asked for at once with the rest, so that
 * every missing field shows on the first try.
 */
export const lostFoundResolver: Resolver<LostFoundFormValues, unknown, CreateLostFoundBody> = async (
  values,
  context,
  options,
) => {
  const result = await checkAll(values, context, options);
  if (values.kind !== 'found') return result;
  const errors: FieldErrors<LostFoundFormValues> = { ...result.errors };
  if (!errors.question && !blank(values.question))
    errors.question = { type: 'custom', message: M.questionRequired };
  if (!errors.answer && !blank(values.answer)) errors.answer = { type: 'custom', message: M.answerRequired };
  return Object.keys(errors).length ? { values: {}, errors } : result;
};
