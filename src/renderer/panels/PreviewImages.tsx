import { withImageMode } from '../../shared/grammar';
import { useUi } from '../i18n';
import { useApp, useAppFields } from '../store';

/**
 * The images of the expansion in the Preview tab: those Send also sends as pictures (the chosen
 * endpoint accepts images, and the reference did not ask for its text alone), named with what is
 * removed from them, and the pictures of images pasted in this window.
 */
export function PreviewImages() {
  const ui = useUi();
  const imagesSent = useApp((s) => s.settings?.endpoints.find((e) => e.id === s.settings?.chosenEndpointId)?.acceptsImages === true);
  const { result, pictures } = useAppFields('result', 'pictures');
  const images = result ? result.references.filter((r) => r.status === 'attached' && r.source?.document?.image) : [];
  const sent = imagesSent ? images.filter((r) => r.source?.document?.image?.send !== 'text') : [];
  // Pictures are kept by the reference as pasted, before any choice of what is sent was written after it.
  const pictureOf = (r: (typeof images)[number]) => pictures[withImageMode({ raw: r.raw, imageMode: r.source?.document?.image?.send ?? undefined }, null)];
  const shown = images.filter((r) => pictureOf(r));
  if (sent.length === 0 && shown.length === 0) return null;
  return (
    <div className="preview-images">
      {sent.length > 0 && (
        <p className="muted small preview-sent-images" role="note">
          {ui.t('ui.images.sentNote', { count: sent.length, names: sent.map((r) => r.raw).join(', ') })}
        </p>
      )}
      {shown.length > 0 && (
        <ul>
          {shown.map((r) => (
            <li key={r.raw}>
              <img src={pictureOf(r)} alt={r.raw} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
