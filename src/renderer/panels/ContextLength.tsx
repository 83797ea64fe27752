import { useState } from 'react';
import { useUi } from '../i18n';
import { useAppFields } from '../store';

/** Context lengths of common models, offered in the list; any other number can be typed. */
const PRESETS = [8_192, 32_768, 128_000, 200_000, 1_000_000];

/** The range the settings accept (settings/schema.ts). */
const MIN = 256;
const MAX = 10_000_000;

/** The model's context length, which sets the soft (25%) and hard (50%) token limits. */
export function ContextLength() {
  const ui = useUi();
  const { contextLength, setContextLength } = useAppFields('contextLength', 'setContextLength');
  const [draft, setDraft] = useState(String(contextLength));
  // The settings (the chosen model's context length) can change it from outside this field:
  // adjusted while rendering, as React recommends, rather than in an effect.
  const [shown, setShown] = useState(contextLength);
  if (shown !== contextLength) {
    setShown(contextLength);
    setDraft((d) => (Number(d) === contextLength ? d : String(contextLength)));
  }
  const valid = (value: string) => value.trim() !== '' && Number.isInteger(Number(value)) && Number(value) >= MIN && Number(value) <= MAX;
  // A number out of range stays in the field with a sentence beside it, never silently reverted.
  const refused = !valid(draft);
  return (
    <div className="context-length-field">
      <label className="context-length">
        {ui.t('ui.contextLength.label')}{' '}
        <input
          type="number"
          min={MIN}
          max={MAX}
          aria-invalid={refused}
          aria-describedby={refused ? 'context-length-problem' : undefined}
          step={1}
          list="context-presets"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (valid(e.target.value)) setContextLength(Number(e.target.value));
          }}
          />{' '}
        {ui.t('ui.contextLength.unit')}
        <datalist id="context-presets">
          {PRESETS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </label>
      {refused && (
        <p id="context-length-problem" className="field-problem" role="alert">
          {ui.t('ui.contextLength.outOfRange', { min: MIN, max: MAX, current: contextLength })}
        </p>
      )}
    </div>
  );
}
