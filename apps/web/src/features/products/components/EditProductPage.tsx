import {
  PRODUCT_IMAGE_FORMAT_NAMES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type Product,
  updateProductFormSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { resizePhotos } from '@/lib/resize-photo';
import { toast } from '@/lib/toast';
import { useProduct, useUpdateProduct } from '@/api/products';
import { ProductNotFound } from './ProductNotFound';
import { PriceGuideLine } from './PriceGuideLine';
import { PRODUCT_FIELD_NAMES, ProductFields, type ProductFieldValues } from './ProductFields';
import { PhotoManager } from './PhotoManager';
import { moveItem, perPhotoProgress, pickPhotos } from './photo-rules';
import { ALL_CATEGORIES, LOAD_PRODUCT_FAILED } from './options';
import { photoRefusal } from './server-errors';
import { UploadProgress } from './UploadProgress';
import { useFocusWhenEnabled } from '../hooks/useFocusWhenEnabled';

interface EditFormValues extends ProductFieldValues {
  existingImages: string[];
  newImages: File[];
}
type EditFormOutput = z.output<typeof updateProductFormSchema>;

const checkEditForm = zodResolver(updateProductFormSchema) as unknown as Resolver<
  EditFormValues,
  unknown,
  EditFormOutput
>;
/** The new photos are checked as they will be sent: resized on this device first (lib/resize-photo). */
const resolver: Resolver<EditFormValues, unknown, EditFormOutput> = async (values, context, options) =>
  checkEditForm({ ...values, newImages: await resizePhotos(values.newImages) }, context, options);

/**
 * The fields a server error may name, the photos first as in the form; `images` (the photo count)
 * and `existingImages` show at the photos.
 */
const EDIT_FIELDS = ['images' as keyof EditFormValues, 'existingImages', ...PRODUCT_FIELD_NAMES] as const;
const PHOTO_FIELDS = ['images' as keyof EditFormValues, 'existingImages', 'newImages'] as const;

const PHOTO_HINT = `Up to 10MB each · ${PRODUCT_IMAGE_FORMAT_NAMES} · The first photo is the cover.`;

function EditProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const mutation = useUpdateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  /** The sizes of the new photos as sent, which share out the upload's progress between them. */
  const [sentSizes, setSentSizes] = useState<number[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const form = useForm<EditFormValues, unknown, EditFormOutput>({
    resolver,
    defaultValues: {
      name: product.name,
      description: product.description,
      price: String(product.price),
      category: product.category,
      condition: product.condition,
      quantity: String(product.quantity),
      isNegotiable: product.isNegotiable,
      existingImages: product.images,
      newImages: [],
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setValue,
    control,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  // Every error shows in the form (under its field, the photos, or the alert): none is toasted again.
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: EDIT_FIELDS,
    submit: ({ existingImages: kept, newImages: added, ...body }) => {
      setProgress(0);
      setSentSizes(added.map((f) => f.size));
      return mutation.mutateAsync({
        id: product.id,
        body,
        existingImages: kept,
        newImages: added as unknown as File[],
        onProgress: setProgress,
      });
    },
    onSuccess: (updated) => {
      toast.success(PRODUCT_MESSAGES.updated, { toastId: 'product:edit' });
      navigate(paths.product(updated.id), { replace: true });
    },
    onError: (error) => {
      setProgress(null);
      const refused = photoRefusal(error);
      if (refused) setPhotoError(refused);
      return Boolean(refused);
    },
    fallback: PRODUCT_MESSAGES.updateFailed,
  });
  const existingImages = useWatch({ control, name: 'existingImages' });
  const newImages = useWatch({ control, name: 'newImages' });
  const guide = <PriceGuideLine control={control} excludeId={product.id} />;
  const thumbnailOf = (url: string) => product.thumbnails[product.images.indexOf(url)] ?? url;

  const changePhotos = (next: { existingImages?: string[]; newImages?: File[] }) => {
    setPhotoError(null);
    setGeneralError(null);
    clearErrors(['images' as keyof EditFormValues, 'existingImages', 'newImages']);
    if (next.existingImages) setValue('existingImages', next.existingImages, { shouldDirty: true });
    if (next.newImages) setValue('newImages', next.newImages, { shouldDirty: true });
  };

  const addPhotos = (files: File[]) => {
    const { accepted, problem } = pickPhotos(
      existingImages.length + newImages.length,
      files,
      PRODUCT_LIMITS.editImageMaxBytes,
      PRODUCT_MESSAGES.editImageTooLarge,
    );
    changePhotos(accepted.length > 0 ? { newImages: [...newImages, ...accepted] } : {});
    setPhotoError(problem);
  };

  // The total-count errors of the schema land on `images`; a bad new file on `newImages.N`.
  const formErrors = errors as FieldErrors<EditFormValues> & { images?: { message?: string } };
  const newImageErrors = Array.isArray(errors.newImages)
    ? newImages.map((_, i) => (errors.newImages as ({ message?: string } | undefined)[])[i]?.message)
    : [];
  const newImageError = newImageErrors.find(Boolean);
  const photosInput = useRef<HTMLInputElement>(null);
  const focusPhotos = useFocusWhenEnabled(photosInput, isSubmitting);
  const submitForm = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    // The first field with an error takes the focus: the photos, when they are what is wrong (once
    // their input is enabled again).
    if (PHOTO_FIELDS.some((name) => form.getFieldState(name).error)) focusPhotos();
  };

  return (
    <form onSubmit={(event) => void submitForm(event)} noValidate className="space-y-5">
      {generalError && <Alert>{generalError}</Alert>}
      <PhotoManager
        kept={existingImages.map((url) => ({ url, thumbnail: thumbnailOf(url) }))}
        added={newImages}
        onRemoveKept={(url) => changePhotos({ existingImages: existingImages.filter((u) => u !== url) })}
        onRemoveAdded={(file) => changePhotos({ newImages: newImages.filter((f) => f !== file) })}
        onAdd={addPhotos}
        onMoveKept={(from, to) => changePhotos({ existingImages: moveItem(existingImages, from, to) })}
        onMoveAdded={(from, to) => changePhotos({ newImages: moveItem(newImages, from, to) })}
        progress={progress === null ? null : perPhotoProgress(progress, sentSizes)}
        addedErrors={newImageErrors}
        hint={PHOTO_HINT}
        error={photoError ?? formErrors.images?.message ?? errors.existingImages?.message ?? newImageError}
        disabled={isSubmitting}
        inputRef={photosInput}
      />
      <ProductFields register={register} errors={errors} categories={ALL_CATEGORIES} priceGuide={guide} />
      {/* From the press on: the photos are first made smaller on this device, then sent. */}
      <UploadProgress
        fraction={progress ?? (isSubmitting && newImages.length > 0 ? 0 : null)}
        photos={newImages.length}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={paths.product(product.id)} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" isLoading={isSubmitting}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="space-y-5" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className={i === 1 ? 'h-24 w-full' : 'h-10 w-full'} />
        </div>
      ))}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-square w-full" />
        ))}
      </div>
    </div>
  );
}

/** /hosteller/edit-product/{id}: only the seller, who is a hosteller only. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isHosteller = user?.role === 'hosteller';
  const query = useProduct(id);
  const product = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // Whether this viewer may edit it is the server's answer (`can.edit`: the seller, a hosteller).
  const isSeller = Boolean(product?.can.edit);

  useEffect(() => {
    if (!isHosteller) {
      toast.error(PRODUCT_MESSAGES.onlyHostellers, { toastId: 'edit-product-refused' });
      navigate(paths.dashboard, { replace: true });
    } else if (product && !isSeller) {
      toast.error(PRODUCT_MESSAGES.notSeller, { toastId: 'edit-product-refused' });
      navigate(paths.product(product.id), { replace: true });
    } else if (query.isError && !notFound) {
      toast.error(LOAD_PRODUCT_FAILED, { toastId: 'product-load-failed' });
      navigate(paths.marketplace, { replace: true });
    }
  }, [isHosteller, product, isSeller, query.isError, notFound, navigate]);

  return (
    <>
      <title>Edit Product · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Edit Product</h1>
      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {notFound ? (
          <ProductNotFound />
        ) : product && isHosteller && isSeller ? (
          <EditProductForm key={product.id} product={product} />
        ) : (
          <FormSkeleton />
        )}
      </section>
    </>
  );
}
