import type { EndpointView } from '../../../shared/api/session-types';
import { uiText, useUi } from '../../i18n';
import { ApiKeyRow } from './ApiKeyRow';
import { EndpointLocalityNote } from './EndpointLocalityNote';
import { KeyInClear } from './KeyInClear';
import type { SectionProps } from './section';

/**
 * The chosen endpoint's fields: its name, base URL (with "local" under a loopback or private
 * address), model and context length, saved when left; whether it needs a key and accepts images,
 * saved at once; its key; and Remove.
 */
export function EndpointFields({ settings, endpoint }: SectionProps & { endpoint: EndpointView }) {
  const ui = useUi();
  const { form, edit, saveOnLeave, commit, remove } = settings;
  const toggle = (patch: Partial<EndpointView>) =>
    void commit({ ...form, endpoints: form.endpoints.map((x) => (x.id === endpoint.id ? { ...x, ...patch } : x)) }, uiText('ui.settings.changeSaved'));
  return (
    <>
      <label>
        {ui.t('ui.settings.name')}
        <input value={endpoint.name} onChange={(e) => edit({ name: e.target.value })} onBlur={saveOnLeave} />
      </label>
      <label>
        {ui.t('ui.settings.baseUrl')}
        <input value={endpoint.baseUrl} spellCheck={false} onChange={(e) => edit({ baseUrl: e.target.value })} onBlur={saveOnLeave} />
      </label>
      <EndpointLocalityNote baseUrl={endpoint.baseUrl} />
      <label>
        {ui.t('ui.settings.model')}
        <input value={endpoint.model} spellCheck={false} onChange={(e) => edit({ model: e.target.value })} onBlur={saveOnLeave} />
      </label>
      <label>
        {ui.t('ui.settings.contextLength')}
        <input type="number" min={256} step={1} value={endpoint.contextLength} onChange={(e) => edit({ contextLength: Math.trunc(Number(e.target.value)) || 0 })} onBlur={saveOnLeave} />
      </label>
      <label className="check">
        <input type="checkbox" checked={endpoint.apiKeyRef !== null} onChange={(e) => toggle({ apiKeyRef: e.target.checked ? endpoint.id : null })} /> {ui.t('ui.settings.needsKey')}
      </label>
      <label className="check">
        <input type="checkbox" checked={endpoint.acceptsImages === true} onChange={(e) => toggle({ acceptsImages: e.target.checked })} /> {ui.t('ui.settings.acceptsImages')}
      </label>
      <KeyInClear baseUrl={endpoint.baseUrl} usesKey={endpoint.apiKeyRef !== null} />
      {endpoint.apiKeyRef !== null && <ApiKeyRow settings={settings} />}
      <button type="button" className="link danger" onClick={remove}>
        {ui.t('ui.settings.removeEndpoint')}
      </button>
    </>
  );
}
