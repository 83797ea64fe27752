import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import type { AtmarkApi } from '../../shared/api/contract';
import { uiText, type Said } from '../i18n/said';

/** What a drop on the composer does with the paths it found. */
export interface DropConfig {
  api: AtmarkApi;
  /** A dropped folder opens as the workspace. */
  openFolder(path: string): void;
  /** Shown when the drop cannot be used (e.g. the browser hides the file's path); `drop` notices fade. */
  notify(kind: 'info' | 'error', said: Said, cause?: 'drop'): void;
  /** A file outside the workspace was granted: expand again. */
  granted(): void;
  /** Images pasted or dropped: kept in the session; answers the `@image:` references to insert. */
  keepImages(files: File[]): Promise<string[]>;
}

/** The image files of a paste or a drop. */
function imageFiles(data: DataTransfer | null): File[] {
  return data ? [...data.files].filter((f) => f.type.startsWith('image/')) : [];
}

/**
 * The local paths of dropped files: from the Electron preload, or from a `file://` URI list, which
 * some file managers give a browser. Browsers otherwise hide where a dropped file lives.
 */
export function droppedPaths(api: AtmarkApi, data: DataTransfer): string[] {
  const fromFiles = [...data.files].map((f) => api.pathForFile(f)).filter((p): p is string => !!p);
  if (fromFiles.length > 0) return fromFiles;
  return data
    .getData('text/uri-list')
    .split(/\r?\n/)
    .filter((line) => line.startsWith('file://'))
    .map((line) => decodeURIComponent(new URL(line).pathname));
}

/**
 * Dropping a file on the composer inserts an `@file:` chip where it was dropped; pasting or dropping
 * images keeps them in the session and inserts their `@image:` chips there.
 */
export function fileDrop(config: DropConfig): Extension {
  return EditorView.domEventHandlers({
    // A pasted screenshot (Ctrl+V) is an image, not text.
    paste(event, view) {
      const images = imageFiles(event.clipboardData);
      if (images.length === 0) return false;
      event.preventDefault();
      void insertImages(config, view, images, view.state.selection.main.head);
      return true;
    },
    drop(event, view) {
      if (!event.dataTransfer || event.dataTransfer.files.length === 0) return false;
      event.preventDefault();
      const images = imageFiles(event.dataTransfer);
      const at = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
      if (images.length > 0 && images.length === event.dataTransfer.files.length) {
        void insertImages(config, view, images, at);
        return true;
      }
      const paths = droppedPaths(config.api, event.dataTransfer);
      if (paths.length === 0) {
        config.notify('error', uiText('ui.drop.filePathHidden'), 'drop');
        return true;
      }
      void insertDropped(config, view, paths, at);
      return true;
    },
  });
}

/**
 * Keeps pasted or dropped images and inserts their references at `at` (mapped through what was
 * typed meanwhile), with the spaces that keep them apart from the words around.
 */
async function insertImages(config: DropConfig, view: EditorView, files: File[], at: number): Promise<void> {
  const doc = view.state.doc;
  const references = await config.keepImages(files);
  if (references.length === 0) return;
  // Typed on while the images were kept: they go where the cursor is now.
  const pos = view.state.doc === doc ? at : view.state.selection.main.head;
  const before = pos > 0 && !/\s/.test(view.state.sliceDoc(pos - 1, pos)) ? ' ' : '';
  const insert = `${before}${references.join(' ')} `;
  view.dispatch({ changes: { from: pos, insert }, selection: { anchor: pos + insert.length }, userEvent: 'input.paste' });
}

async function insertDropped(config: DropConfig, view: EditorView, paths: string[], at: number): Promise<void> {
  const references: string[] = [];
  let granted = false;
  for (const path of paths) {
    const answer = await config.api.grantFile({ path });
    if (answer.ok) {
      references.push(answer.value.reference);
      granted ||= answer.value.granted;
    } else if (answer.error.code === 'invalid_request' && paths.length === 1) {
      config.openFolder(path); // not a regular file: a folder dropped here opens as the workspace
      return;
    } else {
      config.notify('error', answer.error);
    }
  }
  if (references.length === 0) return;
  const insert = `${references.join(' ')} `;
  view.dispatch({ changes: { from: at, insert }, selection: { anchor: at + insert.length }, userEvent: 'input.drop' });
  if (granted) config.granted();
}
