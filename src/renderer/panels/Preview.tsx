import { useEffect, useRef } from 'react';
import { useUi } from '../i18n';
import { useApp } from '../store';
import { LinkedText } from './links';

/**
 * The Preview region: exactly the expanded message Send would send. The block of the chip last
 * clicked is highlighted and scrolled into view; the text itself is not altered.
 */
export function Preview() {
  const ui = useUi();
  const result = useApp((s) => s.result);
  const text = useApp((s) => s.text);
  const busy = useApp((s) => s.busy);
  const selected = useApp((s) => s.selectedRef);
  const mark = useRef<HTMLElement>(null);
  const message = result?.message ?? text;
  const block = selected ? result?.references.find((r) => r.raw === selected)?.block ?? null : null;
  const at = block ? message.indexOf(block) : -1;

  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, at]);

  return (
    <section className="panel preview" aria-label={ui.t('ui.preview.title')} aria-busy={busy}>
      <h2>
        {ui.t('ui.preview.title')} {busy && <span className="busy">{ui.t('ui.preview.updating')}</span>}
      </h2>
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
