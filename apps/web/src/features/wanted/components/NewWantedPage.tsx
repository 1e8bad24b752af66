import {
  type CreateWantedBody,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  WANTED_LIMITS,
  WANTED_MESSAGES,
  createWantedSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Field, TextField } from '@/components/ui/Field';
import { FormPage } from '@/components/ui/FormPage';
import { Input, Select, Textarea } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreateWanted, useSetWantedPhoto } from '@/api/wanted';
import { PhotoPicker } from './PhotoPicker';
import { PhotoUploadProgress } from './PhotoUploadProgress';
import { photoFailureReason } from './wanted-photo';

interface WantedFormValues {
  title: string;
  details: string;
  category: string;
  /** Whole rupees, as typed. */
  maxPrice: string;
}

const blankToUndefined = (typed: string): unknown => (typed.trim() === '' ? undefined : typed);

/** The shared schema, read from what is typed: an empty field is an absent one, a price a number. */
const resolver = zodResolver(
  z.object({
    title: createWantedSchema.shape.title,
    details: z.string().transform(blankToUndefined).pipe(createWantedSchema.shape.details),
    category: z.string().transform(blankToUndefined).pipe(createWantedSchema.shape.category),
    maxPrice: z
      .string()
      .refine((typed) => typed.trim() === '' || /^\d+$/.test(typed.trim()), WANTED_MESSAGES.maxPriceInvalid)
      .transform((typed): unknown => (typed.trim() === '' ? undefined : Number(typed)))
      .pipe(createWantedSchema.shape.maxPrice),
  }),
) as unknown as Resolver<WantedFormValues, unknown, CreateWantedBody>;

/** Checked in this order; each error shows under its field and the first one takes the focus. */
const FIELD_ORDER = ['title', 'details', 'category', 'maxPrice'] as const;

const POST_TOAST = { toastId: 'wanted:new' } as const;

/** "12 of 80": shown once the field nears its limit. */
const lengthHint = (text: string, max: number) =>
  text.length > max * 0.8 ? `${text.length} of ${max} characters` : undefined;

/**
 * /wanted/new, for any member: what they are looking for, its category, the most they would pay and,
 * optionally, a photo. Open for 14 days; on success, its page. The 10-open limit and too many changes
 * in a toast. The post is created first (JSON), then its photo is sent with a progress bar; a photo
 * that does not go through leaves the post up, and its page says why (its poster can add it there).
 * A failed post keeps everything typed and the photo chosen.
 */
export function NewWantedPage() {
  const navigate = useNavigate();
  const mutation = useCreateWanted();
  const photoUpload = useSetWantedPhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  /** Sends the new post's photo; answers why it was not added, or null when it was. */
  async function addPhoto(id: string, file: File): Promise<string | null> {
    setProgress(0);
    try {
      await photoUpload.mutateAsync({ id, file, onProgress: setProgress });
      return null;
    } catch (error) {
      return photoFailureReason(error);
    } finally {
      setProgress(null);
    }
  }

  const form = useForm<WantedFormValues, unknown, CreateWantedBody>({
    resolver,
    defaultValues: { title: '', details: '', category: '', maxPrice: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [title, details] = useWatch({ control, name: ['title', 'details'] });
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    submit: (body) => mutation.mutateAsync(body),
    onSuccess: async ({ post, message }) => {
      const notAdded = photo && (await addPhoto(post.id, photo));
      if (notAdded) toast.error(WANTED_MESSAGES.photoNotAdded(notAdded), POST_TOAST);
      else toast.success(message, POST_TOAST);
      navigate(paths.wanted(post.id), { replace: true });
    },
    fallback: 'Could not post your wanted item',
    showGeneral: (message) => toast.error(message, POST_TOAST),
  });

  return (
    <FormPage
      title="Post a wanted item"
      description={`Say what you are looking for and the most you would pay. It stays up ${WANTED_LIMITS.days} days; you hear when a matching item is listed.`}
      cancelTo={paths.wantedList}
      onSubmit={onSubmit}
      submitLabel="Post wanted item"
      isSubmitting={isSubmitting}
    >
      <TextField
        label="What are you looking for?"
        placeholder="e.g. Casio fx-991EX calculator"
        autoComplete="off"
        maxLength={WANTED_LIMITS.titleMax}
        error={errors.title?.message}
        hint={lengthHint(title, WANTED_LIMITS.titleMax)}
        {...register('title')}
      />
      <Field
        label="Details (optional)"
        error={errors.details?.message}
        hint={lengthHint(details, WANTED_LIMITS.detailsMax) ?? 'Model, edition, condition you would accept.'}
      >
        {({ invalid, ...control }) => (
          <Textarea
            rows={4}
            maxLength={WANTED_LIMITS.detailsMax}
            invalid={invalid}
            {...control}
            {...register('details')}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="Category" error={errors.category?.message}>
          {({ invalid, ...control }) => (
            <Select invalid={invalid} {...control} {...register('category')}>
              <option value="">Select a category</option>
              {PRODUCT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {PRODUCT_CATEGORY_LABELS[value] ?? value}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="The most you would pay (₹)"
          error={errors.maxPrice?.message}
          hint="Whole rupees. Sellers see it as “up to ₹…”."
        >
          {({ invalid, ...control }) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-500"
              >
                ₹
              </span>
              <Input
                type="text"
                inputMode="numeric"
                placeholder="800"
                autoComplete="off"
                maxLength={String(WANTED_LIMITS.priceMax).length}
                invalid={invalid}
                className="pl-7"
                {...control}
                {...register('maxPrice')}
              />
            </div>
          )}
        </Field>
      </div>
      <PhotoPicker file={photo} onChange={setPhoto} disabled={isSubmitting} />
      <PhotoUploadProgress fraction={progress} />
    </FormPage>
  );
}
