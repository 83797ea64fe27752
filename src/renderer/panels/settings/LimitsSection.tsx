import { useUi, type Said } from '../../i18n';
import type { SectionProps } from './section';
import { LIMIT_FIELDS, problemId, shownLimit } from './settings-form';

/**
 * Every limit of docs/contract.md "Limits", in the units people think in, saved when the field is
 * left; a refused value stays as typed with its sentence beside it.
 */
export function LimitsSection({ settings }: SectionProps) {
  const ui = useUi();
  const { form, limitText, setLimitText, limitProblems, saveOnLeave } = settings;
  return (
    <div className="grid-form limits">
      {LIMIT_FIELDS.map((field) => (
        <label key={field.key}>
          {ui.t(field.label)}
          {field.unit && <span className="muted">{ui.t('ui.settings.unitLabel', { unit: ui.t(field.unit) })}</span>}
          <input
            type="number"
            min={0}
            aria-invalid={limitProblems[field.key] !== undefined}
            aria-describedby={limitProblems[field.key] ? problemId(field) : undefined}
            value={limitText[field.key] ?? shownLimit(field, form.limits[field.key])}
            onChange={(e) => setLimitText({ ...limitText, [field.key]: e.target.value })}
            onBlur={saveOnLeave}
          />
          {limitProblems[field.key] && (
            <span id={problemId(field)} className="field-problem" role="alert">
              {ui.say(limitProblems[field.key] as Said)}
            </span>
          )}
        </label>
      ))}
    </div>
  );
}
