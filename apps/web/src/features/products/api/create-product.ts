import type { CreateProductBody, ProductResponse } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/lib/upload';
import { invalidateAfterProductChange, productKeys } from './keys';

export interface CreateProductVariables {
  body: CreateProductBody;
  /** 1 to 5 photos in display order (the first is the cover). */
  images: File[];
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** POST /products, multipart with the photos as repeated `images` files → 201 { product }. */
export function createProduct({ body, images, onProgress }: CreateProductVariables) {
  const form = new FormData();
  form.append('name', body.name);
  form.append('description', body.description);
  form.append('price', String(body.price));
  form.append('category', body.category);
  form.append('condition', body.condition);
  form.append('quantity', String(body.quantity));
  form.append('isNegotiable', String(body.isNegotiable));
  for (const image of images) form.append('images', image, image.name);
  return uploadForm<ProductResponse>('/products', form, { onProgress }).then((res) => res.product);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
    },
  });
}
