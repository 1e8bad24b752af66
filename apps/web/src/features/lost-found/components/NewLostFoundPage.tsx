import {
  type CreateLostFoundBody,
  LOST_FOUND_LIMITS,
  LOST_FOUND_UI,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
} from '@campusrun/shared';
import { useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Field, TextField } from '@/components/ui/Field';
import { FormPage } from '@/components/ui/FormPage';
import { Select, Textarea } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreateLostFound, useSetLostFoundPhotos } from '@/api/lost-found';
import { KindField } from './KindField';
import { PhotosPicker } from './PhotosPicker';
import { PhotoUploadProgress } from './PhotoUploadProgress';
import { PlaceField } from './PlaceField';
import { SecretFields } from './SecretFields';
import { FIELD_ORDER, type LostFoundFormValues, emptyPost, lostFoundResolver } from './lost-found-form';
import { lengthHint } from './lost-found-state';
import { photoFailureReason } from './photo-rules';

const T = LOST_FOUND_UI.form;
const POST_TOAST = { toastId: 'lost-found:new' } as const;
const UNKNOWN_REASON = LOST_FOUND_UI.photos.failed.replace(/\s*Please try again\.$/, '');

type Form = UseFormReturn<LostFoundFormValues, unknown, CreateLostFoundBody>;

/** What, its category, where and when, and the details: the fields every post has. */
function PostFields({ form }: { form: Form }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const [kind, title, place, details] = useWatch({ control, name: ['kind', 'title', 'place', 'details'] });
  return (
    <>
      <TextField
        label={T.titleLabel}
        placeholder={T.titlePlaceholder}
        autoComplete="off"
        maxLength={LOST_FOUND_LIMITS.titleMax}
        error={errors.title?.message}
        hint={lengthHint(title, LOST_FOUND_LIMITS.titleMax)}
        {...register('title')}
      />
      <Field label={T.category} error={errors.category?.message}>
        {({ invalid, ...control }) => (
          <Select invalid={invalid} {...control} {...register('category')}>
            <option value="">{T.selectCategory}</option>
            {PRODUCT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {PRODUCT_CATEGORY_LABELS[value] ?? value}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <PlaceField
        error={errors.place?.message}
        value={place}
        registered={register('place')}
        onPick={(picked) => setValue('place', picked, { shouldDirty: true })}
      />
      <TextField
        type="datetime-local"
        label={T.whenLabel[kind || 'none']}
        error={errors.when?.message}
        {...register('when')}
      />
      <Field
        label={T.detailsLabel}
        error={errors.details?.message}
        hint={lengthHint(details, LOST_FOUND_LIMITS.detailsMax) ?? (kind ? T.detailsHint[kind] : undefined)}
      >
        {({ invalid, ...control }) => (
          <Textarea
            rows={4}
            maxLength={LOST_FOUND_LIMITS.detailsMax}
            invalid={invalid}
            {...control}
            {...register('details')}
          />
        )}
      </Field>
    </>
  );
}

/** Sends the new post's photos with their progress; answers why they were not added, or null. */
function usePhotoUpload() {
  const upload = useSetLostFoundPhotos();
  const [progress, setProgress] = useState<number | null>(null);
  async function send(id: string, files: File[]): Promise<string | null> {
    setProgress(0);
    try {
      await upload.mutateAsync({ id, files, onProgress: setProgress });
      return null;
    } catch (error) {
      return photoFailureReason(error, UNKNOWN_REASON);
    } finally {
      setProgress(null);
    }
  }
  return { send, progress };
}

/**
 * /lost-found/new, for any member: lost or found, what, its category, where (with the places earlier
 * posts named), when, details and up to three photos; a found post also holds back a question only
 * its owner can answer and the answer expected, which only its finder ever sees. The post is created
 * first, then its photos are sent with a progress bar; photos that do not go through leave the post
 * up, and a toast says why. A failed post keeps everything typed and the photos chosen.
 */
export function NewLostFoundPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useCreateLostFound();
  const photos = usePhotoUpload();
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<LostFoundFormValues, unknown, CreateLostFoundBody>({
    resolver: lostFoundResolver,
    defaultValues: emptyPost(params.get('kind')),
    reValidateMode: 'onSubmit',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { isSubmitting } = form.formState;
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    submit: (body) => mutation.mutateAsync(body),
    onSuccess: async ({ post, message }) => {
      const notAdded = files.length > 0 && (await photos.send(post.id, files));
      if (notAdded) toast.error(LOST_FOUND_UI.photos.notAdded(notAdded), POST_TOAST);
      else toast.success(message, POST_TOAST);
      navigate(paths.lostFound(post.id), { replace: true });
    },
    fallback: T.failed,
    showGeneral: (message) => toast.error(message, POST_TOAST),
  });

  return (
    <FormPage
      title={T.title}
      description={T.description}
      cancelTo={paths.lostFoundList}
      onSubmit={onSubmit}
      submitLabel={T.submit}
      isSubmitting={isSubmitting}
    >
      <KindField error={form.formState.errors.kind?.message} registered={form.register('kind')} />
      <PostFields form={form} />
      {kind === 'found' && <SecretFields form={form} />}
      <PhotosPicker files={files} onChange={setFiles} found={kind === 'found'} disabled={isSubmitting} />
      <PhotoUploadProgress fraction={photos.progress} />
    </FormPage>
  );
}
