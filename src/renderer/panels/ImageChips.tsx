import { formatBytes } from '../../shared/i18n';
import { useUi } from '../i18n';
import { useApp } from '../store';
import type { SessionImage } from '../store/images-slice';

/** An image's name as the person reads it: its file name, or "Pasted image N". */
export function useImageName(): (image: SessionImage) => string {
  const ui = useUi();
  return (image) => image.name ?? ui.t('ui.images.pasted', { n: image.n });
}

/**
 * The images pasted or dropped on the composer, as chips above it: a thumbnail, the name and size,
 * and what happens to it (kept in the session, sent as an image where the endpoint accepts images); each can be removed.
 */
export function ImageChips() {
  const ui = useUi();
  const images = useApp((s) => s.images);
  const remove = useApp((s) => s.removeImage);
  const nameOf = useImageName();
  if (images.length === 0) return null;
  return (
    <ul className="image-chips" aria-label={ui.t('ui.images.label')}>
      {images.map((image) => {
        const label = ui.t('ui.images.chip', { name: nameOf(image), size: formatBytes(image.size, ui.language) });
        return (
          <li key={image.id} className="image-chip" data-state="kept" title={label} aria-label={label}>
            <img src={image.url} alt="" />
            <span className="image-chip-name">{nameOf(image)}</span>
            <span className="image-chip-state">{ui.t('ui.images.notSent')}</span>
            <button type="button" className="link" aria-label={ui.t('ui.images.remove', { name: nameOf(image) })} onClick={() => remove(image.id)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The images attached by `@file` that Send will also send as images (the chosen endpoint accepts
 * them), named in the Preview tab with what is removed from them.
 */
export function PreviewSentImages() {
  const ui = useUi();
  const imagesSent = useApp((s) => s.settings?.endpoints.find((e) => e.id === s.settings?.chosenEndpointId)?.acceptsImages === true);
  const result = useApp((s) => s.result);
  const names = imagesSent && result ? result.references.filter((r) => r.status === 'attached' && r.source?.document?.image).map((r) => r.target) : [];
  if (names.length === 0) return null;
  return (
    <p className="muted small preview-sent-images" role="note">
      {ui.t('ui.images.sentNote', { count: names.length, names: names.join(', ') })}
    </p>
  );
}

/** The pasted images in the Preview tab, with the sentence saying how they are sent. */
export function PreviewImages() {
  const ui = useUi();
  const images = useApp((s) => s.images);
  const nameOf = useImageName();
  if (images.length === 0) return null;
  return (
    <div className="preview-images">
      <p className="muted small">{ui.t('ui.images.previewNote')}</p>
      <ul>
        {images.map((image) => (
          <li key={image.id}>
            <img src={image.url} alt={nameOf(image)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
