import { NETWORK_ERROR } from '../../lib/errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a file cannot be uploaded, checked before sending it; undefined when it may go. */
export function imageFileProblem(file: File): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return `${file.name}: only JPEG, PNG and WebP images can be uploaded.`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name}: the image is larger than 5 MB.`;
  return undefined;
}

export interface Upload {
  /** Resolves with the stored image's URL path, e.g. /uploads/<32 hex>.png. */
  done: Promise<string>;
  abort: () => void;
}

/**
 * POST /api/upload as multipart form data (field 'image'), reporting progress 0-100. An
 * XMLHttpRequest rather than fetch, because only it reports how much of the upload has gone.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: { message?: unknown; imageUrl?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.imageUrl === 'string') {
        onProgress(100);
        resolve(body.imageUrl);
      } else {
        const message = typeof body.message === 'string' && body.message ? body.message : `Upload failed (HTTP ${xhr.status})`;
        reject(new Error(message));
      }
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
