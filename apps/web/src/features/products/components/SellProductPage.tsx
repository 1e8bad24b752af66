import {
  type CreateProductBody,
  DEFAULT_PRODUCT_CONDITION,
  PRODUCT_IMAGE_FORMAT_NAMES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  createProductFormSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { resizePhotos } from '@/lib/resize-photo';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '@/api/products';
import { PhotoManager } from './PhotoManager';
import { moveItem, perPhotoProgress, pickPhotos } from './photo-rules';
import { PriceGuideLine } from './PriceGuideLine';
import { PRODUCT_FIELD_NAMES, ProductFields, type ProductFieldValues } from './ProductFields';
import { ALL_CATEGORIES } from './options';
import { photoRefusal } from './server-errors';
import { UploadProgress } from './UploadProgress';
import { useFocusWhenEnabled } from '../hooks/useFocusWhenEnabled';

interface SellFormValues extends ProductFieldValues {
  images: File[];
}
type SellFormOutput = z.output<typeof createProductFormSchema>;

const checkSellForm = zodResolver(createProductFormSchema) as unknown as Resolver<
  SellFormValues,
  unknown,
  SellFormOutput
>;
/** The photos are checked as they will be sent: resized on this device first (lib/resize-photo). */
const resolver: Resolver<SellFormValues, unknown, SellFormOutput> = async (values, context, options) =>
  checkSellForm({ ...values, images: await resizePhotos(values.images) }, context, options);
/** The photos come first in the form: a phone user starts with the camera. */
const FIELDS = ['images', ...PRODUCT_FIELD_NAMES] as const;

const PHOTO_HINT = `Up to ${PRODUCT_LIMITS.maxImages} photos, less than 5MB each · ${PRODUCT_IMAGE_FORMAT_NAMES} · The first photo is the cover.`;

/** The schema's count errors land on `images`, a bad file's on `images.N`. */
function photosError(errors: FieldErrors<SellFormValues>): string | undefined {
  const list = errors.images as (FieldErrors<SellFormValues>['images'] & { message?: string }) | undefined;
  if (!list) return undefined;
  if (list.message) return list.message;
  return Array.isArray(list) ? list.find((e) => e?.message)?.message : undefined;
}

/** Each photo's own error (`images.N`), in the order of the photos. */
function refusedPhotos(errors: FieldErrors<SellFormValues>, count: number): (string | undefined)[] {
  const list: unknown = errors.images;
  return Array.from({ length: count }, (_, i) =>
    Array.isArray(list) ? (list[i] as { message?: string } | undefined)?.message : undefined,
  );
}

export function SellProductPage() {
  const navigate = useNavigate();
  const mutation = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  /** The sizes of the photos as sent, which share out the upload's progress between them. */
  const [sentSizes, setSentSizes] = useState<number[]>([]);

  const form = useForm<SellFormValues, unknown, SellFormOutput>({
    resolver,
    defaultValues: {
      name: '',
      description: '',
      price: '',
      category: '',
      condition: DEFAULT_PRODUCT_CONDITION,
      quantity: '1',
      isNegotiable: false,
      images: [],
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // Nothing typed or picked is lost on a failure: the form keeps every value, the photo included.
  // Every error shows in the form (under its field, the photos, or the alert): none is toasted again.
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: FIELDS,
    submit: ({ images: files, ...body }) => {
      setProgress(0);
      setSentSizes(files.map((f) => f.size));
      return mutation.mutateAsync({
        body: body as CreateProductBody,
        images: files as unknown as File[],
        onProgress: setProgress,
      });
    },
    onSuccess: (product) => {
      toast.success(PRODUCT_MESSAGES.listed, { toastId: 'product:sell' });
      navigate(paths.product(product.id), { replace: true });
    },
    onError: (error) => {
      setProgress(null);
      const refused = photoRefusal(error);
      if (refused) setError('images', { type: 'server', message: refused });
      return Boolean(refused);
    },
    fallback: PRODUCT_MESSAGES.listFailed,
  });
  const images = useWatch({ control, name: 'images' });
  const guide = <PriceGuideLine control={control} />;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photosInput = useRef<HTMLInputElement>(null);
  const focusPhotos = useFocusWhenEnabled(photosInput, isSubmitting);
  const submitForm = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    // The first field with an error takes the focus: the photos, when they are what is wrong (once
    // their input is enabled again).
    if (form.getFieldState('images').error) focusPhotos();
  };

  const changePhotos = (next: File[]) => {
    setPhotoError(null);
    setGeneralError(null);
    form.clearErrors('images');
    setValue('images', next, { shouldDirty: true });
  };
  const addPhotos = (files: File[]) => {
    const { accepted, problem } = pickPhotos(
      images.length,
      files,
      PRODUCT_LIMITS.createImageMaxBytes,
      PRODUCT_MESSAGES.imageTooLarge,
    );
    changePhotos([...images, ...accepted]);
    setPhotoError(problem);
  };

  return (
    <>
      <title>Sell Product · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Sell Product</h1>
      <p className="mt-1 text-sm text-slate-500">
        List something you no longer need. Buyers on campus contact you in chat.
      </p>

      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={(event) => void submitForm(event)} noValidate className="space-y-5">
          {generalError && <Alert>{generalError}</Alert>}
          <PhotoManager
            kept={[]}
            added={images}
            onRemoveKept={() => undefined}
            onRemoveAdded={(file) => changePhotos(images.filter((f) => f !== file))}
            onAdd={addPhotos}
            onMoveAdded={(from, to) => changePhotos(moveItem(images, from, to))}
            progress={progress === null ? null : perPhotoProgress(progress, sentSizes)}
            addedErrors={refusedPhotos(errors, images.length)}
            hint={PHOTO_HINT}
            error={photoError ?? photosError(errors)}
            disabled={isSubmitting}
            inputRef={photosInput}
          />
          <ProductFields register={register} errors={errors} categories={ALL_CATEGORIES} priceGuide={guide} />
          {/* From the press on: the photos are first made smaller on this device, then sent. */}
          <UploadProgress
            fraction={progress ?? (isSubmitting && images.length > 0 ? 0 : null)}
            photos={images.length}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={paths.marketplace} className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" isLoading={isSubmitting}>
              List Product
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
