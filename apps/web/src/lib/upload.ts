import type { ApiErrorBody } from '@campusrun/shared';
import { ApiError, buildUrl, parseJsonBody, reportUnauthorized } from './api-client';
import { sessionStore } from './session';

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to the API with XMLHttpRequest, whose upload progress events `fetch` does
 * not offer. Same contract as the API client: bearer token when one is stored, a rejected ApiError
 * for every failure, and a 401 on a request that carried a token ends the session.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const token = sessionStore.getToken();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    // Settles once: an abort wins over a response that arrives after it.
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const cancelled = () => signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError');
    const onAbort = () => {
      settle(() => reject(cancelled()));
      xhr.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (!settled && event.lengthComputable && event.total > 0)
          onProgress(Math.min(1, event.loaded / event.total));
      });
      xhr.upload.addEventListener('load', () => {
        if (!settled) onProgress(1);
      });
    }

    xhr.addEventListener('load', () =>
      settle(() => {
        const data = parseJsonBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          resolve(data as T);
          return;
        }
        const body = data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : null;
        if (xhr.status === 401 && token) reportUnauthorized(body?.reason);
        reject(new ApiError(xhr.status, body, `Request failed with status ${xhr.status}`));
      }),
    );
    xhr.addEventListener('error', () =>
      settle(() => reject(new ApiError(0, null, 'Network error: the server could not be reached'))),
    );
    xhr.addEventListener('abort', () => settle(() => reject(cancelled())));

    xhr.send(form);
  });
}
