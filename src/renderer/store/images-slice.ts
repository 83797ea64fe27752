import type { StateCreator } from 'zustand';
import { uiText } from '../i18n/said';
import type { AtmarkApi } from '../../shared/api/contract';
import type { AppState } from './types';

/** Largest image kept: a screenshot is far smaller; a photo larger than this is refused with a notice. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * Images pasted (Ctrl+V) or dropped on the composer. Each goes to main, which keeps it in the
 * session folder by its sha256 and answers its `@image:` reference; the composer inserts that
 * reference, so a pasted image is a chip like any other: its text is read locally (OCR) and shown
 * in the preview, and the chip card says whether its text, the picture or both are sent.
 */
export interface ImagesSlice {
  /** Pictures of this window's pasted images by reference (`@image:3f2a91c0d4e1.png`), as `data:` URLs, for the preview. */
  pictures: Record<string, string>;
  /** Keeps `files` in the session; answers the references to insert (none for a refused image, with a notice). */
  keepImages(files: readonly File[]): Promise<string[]>;
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Creates the slice. */
export function createImagesSlice(api: AtmarkApi): StateCreator<AppState, [], [], ImagesSlice> {
  return (set, get) => ({
  pictures: {},
  async keepImages(files) {
    const references: string[] = [];
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) {
        get().notify('error', uiText('ui.images.tooLarge', { size: file.size, limit: MAX_IMAGE_BYTES }));
        continue;
      }
      let url: string;
      try {
        url = await dataUrl(file);
      } catch {
        get().notify('error', uiText('ui.images.unreadable'));
        continue;
      }
      // Browsers call every pasted screenshot `image.png`: such a name says nothing.
      const name = file.name && file.name !== 'image.png' ? file.name : null;
      const kept = await api.keepImage({ name, dataUrl: url });
      if (!kept.ok) {
        get().notify('error', kept.error);
        continue;
      }
      references.push(kept.value.reference);
      set((s) => ({ pictures: { ...s.pictures, [kept.value.reference]: url } }));
    }
    return references;
  },
  });
}
