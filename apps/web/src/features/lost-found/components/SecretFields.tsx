import { type CreateLostFoundBody, LOST_FOUND_LIMITS, LOST_FOUND_UI } from '@campusrun/shared';
import { LockKeyhole } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/Field';
import type { LostFoundFormValues } from './lost-found-form';

const T = LOST_FOUND_UI.form;

/**
 * A found post's check of ownership: a question everyone sees and the answer only the finder ever
 * sees, on a tinted panel of their own.
 */
export function SecretFields({
  form: {
    register,
    formState: { errors },
  },
}: {
  form: UseFormReturn<LostFoundFormValues, unknown, CreateLostFoundBody>;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <legend className="sr-only">{T.secretLegend}</legend>
      <p aria-hidden="true" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <LockKeyhole className="size-4 text-indigo-700" />
        {T.secretLegend}
      </p>
      <TextField
        label={T.questionLabel}
        placeholder={T.questionPlaceholder}
        autoComplete="off"
        maxLength={LOST_FOUND_LIMITS.questionMax}
        error={errors.question?.message}
        hint={T.questionHint}
        {...register('question')}
      />
      <TextField
        label={T.answerLabel}
        autoComplete="off"
        maxLength={LOST_FOUND_LIMITS.answerMax}
        error={errors.answer?.message}
        hint={T.answerHint}
        {...register('answer')}
      />
    </fieldset>
  );
}
