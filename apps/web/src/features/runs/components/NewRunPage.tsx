import { type CreateRunBody, LOGISTICS_LABELS, REQUEST_LIMITS, createRunSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { TextField } from '@/components/ui/Field';
import { FormPage } from '@/components/ui/FormPage';
import { TimeField } from '@/components/ui/TimeField';
import { TimeShortcuts, soonTimes } from '@/components/ui/TimeShortcuts';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { localToIso, toLocalInput } from '@/lib/local-time';
import { toast } from '@/lib/toast';
import { useCreateRun, RUN_TOAST } from '@/api/runs';
import { ITEM_FIELDS, RunItemFields, type RunItemValues, emptyItem } from './RunItemFields';

interface RunFormValues {
  pickupFrom: string;
  cutoffAt: string;
  deadline: string;
  totalFee: string;
  item: RunItemValues;
}

/** The shared schema, with the browser's local times turned into ISO first. */
const formSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object'
      ? {
          ...value,
          cutoffAt: localToIso((value as RunFormValues).cutoffAt),
          deadline: localToIso((value as RunFormValues).deadline),
        }
      : value,
  createRunSchema,
);
const resolver = zodResolver(
  formSchema as unknown as z.ZodType<CreateRunBody, RunFormValues>,
) as unknown as Resolver<RunFormValues, unknown, CreateRunBody>;

const FIELD_ORDER = [
  'pickupFrom',
  'cutoffAt',
  'deadline',
  'totalFee',
  ...ITEM_FIELDS.map((name) => `item.${name}` as const),
] as const;

const CREATE_TOAST = { ...RUN_TOAST, toastId: 'run:new' };

/** /runs/new (hosteller): start a shared run with one's own item. */
export function NewRunPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const mutation = useCreateRun();
  const form = useForm<RunFormValues, unknown, CreateRunBody>({
    resolver,
    defaultValues: { pickupFrom: '', cutoffAt: '', deadline: '', totalFee: '', item: emptyItem(user) },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [cutoffAt, deadline] = useWatch({ control, name: ['cutoffAt', 'deadline'] });
  const shortcuts = useMemo(() => {
    const now = new Date();
    return {
      cutoffAt: soonTimes(now, { minutes: [30, 60], hours: [17, 19] }),
      deadline: soonTimes(now, { minutes: [120, 180], hours: [19, 21] }),
    };
  }, []);
  const pick = (field: 'cutoffAt' | 'deadline') => (value: string) =>
    setValue(field, value, { shouldDirty: true, shouldValidate: Boolean(errors[field]) });
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    submit: (body) => mutation.mutateAsync(body),
    onSuccess: (run) => {
      toast.success('Shared run started', CREATE_TOAST);
      navigate(paths.run(run.id), { replace: true });
    },
    fallback: 'Failed to start the run',
    showGeneral: (message) => toast.error(message, CREATE_TOAST),
  });
  const now = toLocalInput(new Date());

  return (
    <FormPage
      title={LOGISTICS_LABELS.startRun}
      description="Others from the hostel add their items until the join time; one day scholar brings them all and the fee is split equally."
      cancelTo={paths.runs}
      onSubmit={onSubmit}
      submitLabel={LOGISTICS_LABELS.startRun}
      isSubmitting={isSubmitting}
    >
      <TextField
        label="Pick up from"
        maxLength={REQUEST_LIMITS.pickupFromMax}
        placeholder="e.g. Katpadi market"
        error={errors.pickupFrom?.message}
        {...register('pickupFrom')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <TimeField
            label={LOGISTICS_LABELS.joinBy}
            min={now}
            picked={cutoffAt}
            error={errors.cutoffAt?.message}
            {...register('cutoffAt')}
          />
          <TimeShortcuts
            label="Join by shortcuts"
            value={cutoffAt}
            shortcuts={shortcuts.cutoffAt}
            onPick={pick('cutoffAt')}
          />
        </div>
        <div className="space-y-2">
          <TimeField
            label="Deadline"
            min={now}
            picked={deadline}
            error={errors.deadline?.message}
            {...register('deadline')}
          />
          <TimeShortcuts
            label="Deadline shortcuts"
            value={deadline}
            shortcuts={shortcuts.deadline}
            onPick={pick('deadline')}
          />
        </div>
      </div>
      <TextField
        label={LOGISTICS_LABELS.totalFee}
        type="number"
        inputMode="decimal"
        min={10}
        step="any"
        error={errors.totalFee?.message}
        {...register('totalFee')}
      />
      <fieldset className="space-y-5 border-t border-slate-200 pt-5">
        <legend className="text-base font-semibold text-slate-900">Your item</legend>
        <RunItemFields field={(name) => register(`item.${name}`)} errors={errors.item} />
      </fieldset>
    </FormPage>
  );
}
