import type { ProductResponse, UpdateProductBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/lib/upload';
import { invalidateAfterProductChange, productKeys } from './keys';

export interface UpdateProductVariables {
  id: string;
  body: Omit<UpdateProductBody, 'existingImages'>;
  /** The current image URLs to keep, in order (an empty list removes them all). */
  existingImages: string[];
  newImages: File[];
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /products/{id}, multipart: the fields, the kept image URLs (one JSON array field, so that an
 * empty list is sent too: an absent field would keep every image) and the new `images` files.
 */
export function updateProduct({ id, body, existingImages, newImages, onProgress }: UpdateProductVariables) {
  const form = new FormData();
  form.append('name', body.name);
  form.append('description', body.description);
  form.append('price', String(body.price));
  if (body.category !== undefined) form.append('category', body.category);
  if (body.condition !== undefined) form.append('condition', body.condition);
  if (body.quantity !== undefined) form.append('quantity', String(body.quantity));
  if (body.isNegotiable !== undefined) form.append('isNegotiable', String(body.isNegotiable));
  form.append('existingImages', JSON.stringify(existingImages));
  for (const file of newImages) form.append('images', file, file.name);
  return uploadForm<ProductResponse>(`/products/${encodeURIComponent(id)}`, form, {
    method: 'PUT',
    onProgress,
  }).then((res) => res.product);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
    },
  });
}
