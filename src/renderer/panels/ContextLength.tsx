import { useState } from 'react';
import { useUi } from '../i18n';
import { useApp } from '../store';

/** Context lengths of common models, offered in the list; any other number can be typed. */
const PRESETS = [8_192, 32_768, 128_000, 200_000, 1_000_000];

/** The model's context length, which sets the soft (25%) and hard (50%) token limits. */
export function ContextLength() {
  const ui = useUi();
  const contextLength = useApp((s) => s.contextLength);
  const setContextLength = useApp((s) => s.setContextLength);
  const [draft, setDraft] = useState(String(contextLength));
  // The settings (the chosen model's context length) can change it from outside this field:
  // adjusted while rendering, as React recommends, rather than in an effect.
  const [shown, setShown] = useState(contextLength);
  if (shown !== contextLength) {
    setShown(contextLength);
    setDraft((d) => (Number(d) === contextLength ? d : String(contextLength)));
  }
  const valid = (value: string) => Number.isInteger(Number(value)) && Number(value) >= 256 && Number(value) <= 10_000_000;
  return (
    <label className="context-length">
      {ui.t('ui.contextLength.label')}{' '}
      <input
        type="number"
        min={256}
        max={10_000_000}
        step={1}
        list="context-presets"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (valid(e.target.value)) setContextLength(Number(e.target.value));
        }}
        // A half-typed number is kept while typing and put back on leaving the field.
        onBlur={() => !valid(draft) && setDraft(String(contextLength))}
      />{' '}
      {ui.t('ui.contextLength.unit')}
      <datalist id="context-presets">
        {PRESETS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
    </label>
  );
}
