import { useEffect, useRef } from 'react';
import { useUi } from '../i18n';
import { useAppFields } from '../store';
import { PreviewImages } from './PreviewImages';
import { LinkedText } from './links';

/**
 * The Preview tab: exactly the expanded message Send would send. The block of the chip last
 * clicked is highlighted and scrolled into view; the text itself is not altered.
 */
export function Preview({ hidden }: { hidden: boolean }) {
  const ui = useUi();
  const { result, text, busy, selectedRef: selected } = useAppFields('result', 'text', 'busy', 'selectedRef');
  const mark = useRef<HTMLElement>(null);
  const message = result?.message ?? text;
  const block = selected ? result?.references.find((r) => r.raw === selected)?.block ?? null : null;
  const at = block ? message.indexOf(block) : -1;

  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, at]);

  return (
    // A tab's panel (SidePanel), named as its tab is without the count: "Preview" in the contract.
    <section id="preview-panel" role="tabpanel" aria-label={ui.t('ui.preview.title')} className="preview" aria-busy={busy} hidden={hidden}>
      <p className="busy" aria-hidden={!busy}>
        {busy ? ui.t('ui.preview.updating') : ''}
      </p>
      <PreviewImages />
      <pre className="preview-text" tabIndex={0}>
        {at < 0 || !block ? (
          <LinkedText text={message} />
        ) : (
          <>
            <LinkedText text={message.slice(0, at)} />
            <mark ref={mark} className="preview-selected">
              <LinkedText text={block} />
            </mark>
            <LinkedText text={message.slice(at + block.length)} />
          </>
        )}
      </pre>
    </section>
  );
}
