import {
  type CreateProductBody,
  DEFAULT_PRODUCT_CONDITION,
  PRODUCT_MESSAGES,
  createProductFormSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, useClearErrorOnEdit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';
import { PhotoPicker } from './PhotoPicker';
import { PRODUCT_FIELD_NAMES, ProductFields, type ProductFieldValues } from './ProductFields';
import { SELL_CATEGORIES } from './options';
import { describeSaveError } from './server-errors';
import { UploadProgress } from './UploadProgress';

interface SellFormValues extends ProductFieldValues {
  image: File | null;
}
type SellFormOutput = z.output<typeof createProductFormSchema>;

const resolver = zodResolver(createProductFormSchema) as unknown as Resolver<
  SellFormValues,
  unknown,
  SellFormOutput
>;
const FIELDS = [...PRODUCT_FIELD_NAMES, 'image'] as const;

export function SellProductPage() {
  const navigate = useNavigate();
  const mutation = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);

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
      image: null,
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  useClearErrorOnEdit(
    form,
    useCallback(() => setGeneralError(null), []),
  );
  const image = useWatch({ control, name: 'image' });

  const onSubmit = handleSubmit(async ({ image: file, ...body }) => {
    setGeneralError(null);
    setProgress(0);
    try {
      const product = await mutation.mutateAsync({
        body: body as CreateProductBody,
        image: file as unknown as File,
        onProgress: setProgress,
      });
      toast.success(PRODUCT_MESSAGES.listed, { toastId: 'product:sell' });
      navigate(paths.product(product.id), { replace: true });
    } catch (error) {
      // Nothing typed or picked is lost: the form keeps every value, the photo included.
      setProgress(null);
      const { fieldErrors, message, imageMessage } = describeSaveError(error, PRODUCT_MESSAGES.listFailed);
      const unmatched = applyServerFieldErrors(
        form,
        fieldErrors.map((e) => (e.param === 'images' ? { ...e, param: 'image' } : e)),
        FIELDS,
      );
      if (imageMessage) setError('image', { type: 'server', message: imageMessage });
      // Every error shows in the form (under its field, the photo, or the alert): none is toasted again.
      if (unmatched.length > 0 || (fieldErrors.length === 0 && !imageMessage)) setGeneralError(message);
    }
  });

  return (
    <>
      <title>Sell Product · CampusRun</title>
      <Link
        to={paths.marketplace}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Marketplace
      </Link>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">Sell Product</h1>
      <p className="mt-1 text-sm text-slate-500">
        List something you no longer need. Buyers on campus contact you in chat.
      </p>

      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {generalError && <Alert>{generalError}</Alert>}
          <ProductFields register={register} errors={errors} categories={SELL_CATEGORIES} />
          <PhotoPicker
            label="Photo"
            hint="One photo · PNG, JPG or GIF, less than 5MB"
            file={image}
            error={errors.image?.message}
            disabled={isSubmitting}
            onChange={(file) => {
              setGeneralError(null);
              setValue('image', file, { shouldDirty: true, shouldValidate: file !== null });
              if (file === null) form.clearErrors('image');
            }}
          />
          <UploadProgress fraction={progress} photos={1} />
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
