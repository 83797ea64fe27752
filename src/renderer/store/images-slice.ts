import type { StateCreator } from 'zustand';
import { uiText } from '../i18n/said';
import type { AppState } from './types';

/** An image pasted or dropped on the composer, kept for this session (in memory). */
export interface SessionImage {
  id: string;
  /** The file's name; null for a pasted screenshot (browsers call every one `image.png`). */
  name: string | null;
  /** Its number in this session, for a name when it has none ("Pasted image 2"). */
  n: number;
  type: string;
  size: number;
  /** A `data:` URL (the page's policy allows images from `data:` only). */
  url: string;
}

/** Largest image kept: a screenshot is far smaller; a photo larger than this is refused with a notice. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * Images pasted (Ctrl+V) or dropped on the composer. They are shown as chips and in the preview,
 * and go with Send: main keeps them in the session folder by sha256 and sends them as images to an
 * endpoint that accepts images (sessions/pasted-images.ts). Their text is not read.
 */
export interface ImagesSlice {
  images: SessionImage[];
  addImages(files: readonly File[]): Promise<void>;
  removeImage(id: string): void;
}

let counter = 0;

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Creates the slice. */
export const createImagesSlice: StateCreator<AppState, [], [], ImagesSlice> = (set, get) => ({
  images: [],
  async addImages(files) {
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) {
        get().notify('error', uiText('ui.images.tooLarge', { size: file.size, limit: MAX_IMAGE_BYTES }));
        continue;
      }
      try {
        const url = await dataUrl(file);
        const n = ++counter;
        const name = file.name && file.name !== 'image.png' ? file.name : null;
        set((s) => ({ images: [...s.images, { id: `image-${n}`, name, n, type: file.type, size: file.size, url }] }));
      } catch {
        get().notify('error', uiText('ui.images.unreadable'));
      }
    }
  },
  removeImage: (id) => set((s) => ({ images: s.images.filter((i) => i.id !== id) })),
});
