import { uiText, useUi } from '../../i18n';
import { PRESET_NAME_KEYS } from '../../i18n/code-words';
import { EndpointFields } from './EndpointFields';
import type { SectionProps } from './section';

/**
 * The endpoint Send uses: add one from a preset (OpenAI, Ollama, LM Studio, vLLM, llama.cpp …),
 * choose among those added, and edit the chosen one.
 */
export function EndpointSection({ settings }: SectionProps) {
  const ui = useUi();
  const { view, form, chosen, presetId, setPresetId, add, commit } = settings;
  return (
    <>
      <div className="row">
        <label>
          {ui.t('ui.settings.preset')}{' '}
          <select value={presetId} onChange={(e) => setPresetId(e.target.value)}>
            {view.presets.map((p) => (
              <option key={p.id} value={p.id}>
                {ui.t(PRESET_NAME_KEYS[p.id])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={add}>
          {ui.t('ui.settings.addEndpoint')}
        </button>
      </div>
      {form.endpoints.length === 0 ? (
        <p className="muted">{ui.t('ui.settings.noEndpoint')}</p>
      ) : (
        <div className="grid-form">
          <label>
            {ui.t('ui.settings.endpointUsed')}
            <select
              value={form.chosenEndpointId ?? ''}
              onChange={(e) => void commit({ ...form, chosenEndpointId: e.target.value || null }, uiText('ui.settings.endpointChosen', { name: form.endpoints.find((x) => x.id === e.target.value)?.name ?? '' }))}
            >
              {form.endpoints.map((e) => (
                <option key={e.id} value={e.id}>
                  {ui.t('ui.settings.endpointOption', { name: e.name, id: e.id })}
                </option>
              ))}
            </select>
          </label>
          {chosen && <EndpointFields settings={settings} endpoint={chosen} />}
        </div>
      )}
    </>
  );
}
