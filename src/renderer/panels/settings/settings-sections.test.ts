import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AtmarkApi } from '../../../shared/api/contract';
import type { SettingsView } from '../../../shared/api/session-types';
import { i18nInstance, translate, type Language } from '../../../shared/i18n';
import { DEFAULT_LIMITS } from '../../../shared/limits';
import { uiText } from '../../i18n';
import { applyLanguage } from '../../i18n/ui-language';
import { AppContext, createAppStore } from '../../store';
import { SETTINGS_SECTIONS } from './sections';
import { Settings } from './Settings';

/** Nothing is called while the panel is drawn on a server: an API whose every call would refuse. */
const api = new Proxy({}, { get: () => () => Promise.resolve({ ok: false, error: { code: 'unused', message: 'not called in a static render' } }) }) as AtmarkApi;

const view: SettingsView = {
  endpoints: [
    { id: 'ollama', name: 'Ollama', preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKeyRef: null, contextLength: 8192, hasApiKey: false },
    { id: 'openai', name: 'OpenAI', preset: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o', apiKeyRef: 'openai', contextLength: 128_000, hasApiKey: true },
  ],
  chosenEndpointId: 'ollama',
  limits: DEFAULT_LIMITS,
  allowHosts: ['example.com'],
  workspaceAllowHosts: {},
  language: 'system',
  promptLanguage: 'en',
  maskAddresses: 'exports',
  presets: [{ id: 'ollama', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', contextLength: 8192, needsApiKey: false }],
  keysPersist: true,
  problems: [],
};

/** The panel's markup in `language`, drawn from a store that holds `settings`. */
function panel(language: Language, settings: SettingsView | null): string {
  applyLanguage(language);
  const store = createAppStore(api);
  if (settings) store.getState().setSettings(settings);
  // A static render reads zustand's initial state (its server snapshot): make it the state set up here.
  store.getInitialState = store.getState;
  const tree = createElement(I18nextProvider, { i18n: i18nInstance() }, createElement(AppContext.Provider, { value: { store, api } }, createElement(Settings as ComponentType)));
  return renderToStaticMarkup(tree);
}

const words = (key: Parameters<typeof uiText>[0], language: Language) => translate(uiText(key), language);

describe('the settings panel, drawn from its table of sections', () => {
  it('draws one fieldset per section of the table, in the order the panel has always had, each legend in the UI language', () => {
    const order = ['ui.settings.languages', 'ui.settings.privacy', 'ui.settings.endpoint', 'ui.settings.limits', 'ui.settings.allowedHosts'] as const;
    expect(SETTINGS_SECTIONS.map((s) => s.legend)).toEqual(order);
    for (const language of ['en', 'ja', 'ko'] as const) {
      const legends = [...panel(language, view).matchAll(/<legend[^>]*>([^<]*)<\/legend>/g)].map((m) => m[1]);
      expect(legends).toEqual(order.map((key) => words(key, language)));
    }
    // The allowed hosts' first field is named by its legend.
    expect(panel('en', view)).toMatch(/<legend id="allowed-hosts-label">/);
  });

  it('names each language in itself in both language lists, whatever the UI language', () => {
    const names = [...panel('ko', view).matchAll(/<option value="(en|ja|ko)" lang="\1"[^>]*>([^<]*)<\/option>/g)].map((m) => m[2]);
    expect(names).toEqual(['English', '日本語', '한국어', 'English', '日本語', '한국어']);
  });

  it('says "local" under an endpoint on this computer, and not under a public one', () => {
    const local = words('ui.settings.localThisComputer', 'ja');
    expect(panel('ja', view)).toContain(local);
    expect(panel('ja', { ...view, chosenEndpointId: 'openai' })).not.toContain(local);
  });

  it('shows the key row only for an endpoint that needs a key, and no Undo before any change', () => {
    expect(panel('en', view)).not.toContain('key-row');
    const withKey = panel('en', { ...view, chosenEndpointId: 'openai' });
    expect(withKey).toContain(words('ui.settings.keySet', 'en'));
    expect(withKey).not.toContain(`>${words('ui.settings.undo', 'en')}<`);
  });

  it('is busy, with no fields, until the settings arrive', () => {
    const waiting = panel('en', null);
    expect(waiting).toContain('aria-busy="true"');
    expect(waiting).not.toContain('<fieldset');
  });
});
