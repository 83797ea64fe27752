import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/translate';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { endpointFromPreset, ENDPOINT_PRESETS } from './presets';
import { chosenEndpoint, defaultSettings, engineOptionsFrom, type Settings } from './schema';
import { checkSettings, loadSettings, saveSettings, SETTINGS_FILE } from './store';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function configured(): Settings {
  const openai = endpointFromPreset('openai');
  const ollama = endpointFromPreset('ollama', [openai.id], { model: 'qwen2.5-coder', contextLength: 32_768 });
  return { ...defaultSettings(), endpoints: [openai, ollama], chosenEndpointId: ollama.id, limits: { ...DEFAULT_LIMITS, maxReferences: 12 }, allowHosts: ['intranet.local:8080'], workspaceAllowHosts: { '/home/mio/決算': ['127.0.0.1:9000'] } };
}

describe('settings on disk', () => {
  it('no file gives the default limits, with no problem', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    const loaded = await loadSettings(dir);
    expect(loaded).toEqual({ settings: defaultSettings(), problems: [] });
    expect(loaded.settings.limits).toEqual(DEFAULT_LIMITS);
    expect(chosenEndpoint(loaded.settings)).toBeNull();
    expect(engineOptionsFrom(loaded.settings).contextLength).toBe(128_000);
  });

  it('saves atomically and loads back the same settings', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    const settings = configured();
    expect(await saveSettings(dir, settings)).toEqual({ ok: true, value: true });
    const loaded = await loadSettings(dir);
    expect(loaded).toEqual({ settings, problems: [] });
    expect(chosenEndpoint(loaded.settings)).toMatchObject({ id: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5-coder', apiKeyRef: null });
    expect(engineOptionsFrom(loaded.settings)).toEqual({
      contextLength: 32_768,
      limits: settings.limits,
      allowHosts: ['intranet.local:8080'],
      workspaceAllowHosts: { '/home/mio/決算': ['127.0.0.1:9000'] },
      promptLanguage: 'en',
      maskAddresses: 'exports',
      imagesSent: false,
    });
  });

  it('keeps the email address masking chosen; a settings file from before it masks exports; a damaged value falls back to that', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    const always = { ...configured(), maskAddresses: 'always' as const };
    expect(await saveSettings(dir, always)).toEqual({ ok: true, value: true });
    expect((await loadSettings(dir)).settings.maskAddresses).toBe('always');
    const { maskAddresses: _dropped, ...older } = configured();
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(older));
    expect((await loadSettings(dir)).settings.maskAddresses).toBe('exports');
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ ...configured(), maskAddresses: 'sometimes', allowHosts: ['bad host'] }));
    const damaged = await loadSettings(dir);
    expect(damaged.settings.maskAddresses).toBe('exports');
    expect(damaged.settings.endpoints.length).toBe(2);
  });

  it('a file that is not JSON is reported and the defaults are used', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    writeFileSync(join(dir, SETTINGS_FILE), '{"version": 1, "endpoints": [');
    const loaded = await loadSettings(dir);
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.problems).toEqual([
      expect.objectContaining({ code: 'corrupt', message: expect.stringMatching(/damaged .* defaults are used/) }),
      expect.objectContaining({ message: expect.stringMatching(/^settings\.json could not be read \(not valid JSON\).* kept the damaged file as .*settings\.json\.damaged-/) }),
    ]);
    // In Japanese and Korean the reason is theirs too: no English fragment inside the sentence.
    const aside = loaded.problems[1]!.text!;
    expect(translate(aside, 'ja')).toContain('（JSON として正しくありません）');
    expect(translate(aside, 'ko')).toContain('(올바른 JSON이 아닙니다)');
  });

  it('a partly damaged file keeps what is valid and reports each loss', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    const good = configured();
    const raw = {
      ...good,
      endpoints: [good.endpoints[0], { ...good.endpoints[1], baseUrl: 'ftp://nope' }],
      limits: { ...good.limits, maxReferences: -3, softTokenRatio: 0.9 },
      allowHosts: ['intranet.local:8080', 'http://not-a-host/'],
      workspaceAllowHosts: { '/home/mio/決算': ['127.0.0.1:9000', 'bad host'], '/elsewhere': ['nope/'] },
    };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(raw));
    const loaded = await loadSettings(dir);
    expect(loaded.settings.endpoints.map((e) => e.id)).toEqual(['openai']);
    expect(loaded.settings.chosenEndpointId).toBeNull(); // it named the dropped endpoint
    expect(loaded.settings.limits).toEqual(DEFAULT_LIMITS); // both bad limits reset, the rest were defaults
    expect(loaded.settings.allowHosts).toEqual(['intranet.local:8080']);
    // Entries that are not hosts go; a workspace left with none is dropped.
    expect(loaded.settings.workspaceAllowHosts).toEqual({ '/home/mio/決算': ['127.0.0.1:9000'] });
    expect(loaded.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/Model endpoint 2 .* damaged/),
      expect.stringMatching(/"maxReferences" .* back to its default/),
      expect.stringMatching(/"softTokenRatio" .* back to its default/),
      expect.stringMatching(/^settings\.json could not be read .* kept the damaged file as/),
    ]);
  });

  it('checkSettings names the field and the reason for untrusted edits', () => {
    const s = configured();
    const bad = (patch: (x: Settings) => unknown) => {
      const copy = structuredClone(s);
      patch(copy);
      const out = checkSettings(copy);
      return out.ok ? [] : out.issues;
    };
    expect(checkSettings(s)).toEqual({ ok: true, settings: s });
    expect(bad((x) => (x.endpoints[0]!.baseUrl = 'http://user:pw@host/v1'))).toEqual([{ path: 'endpoints.0.baseUrl', message: expect.stringMatching(/http/) }]);
    expect(bad((x) => (x.endpoints[0]!.model = ' '))).toEqual([{ path: 'endpoints.0.model', message: expect.stringMatching(/name the model/) }]);
    expect(bad((x) => (x.chosenEndpointId = 'nobody'))).toEqual([{ path: 'chosenEndpointId', message: 'the chosen endpoint does not exist' }]);
    expect(bad((x) => Object.assign(x.limits, { softTokenRatio: 0.8, hardTokenRatio: 0.5 }))).toEqual([expect.objectContaining({ path: 'limits.softTokenRatio' })]);
    expect(bad((x) => ((x as { apiKey?: string }).apiKey = 'sk-should-not-be-here'))).toEqual([]);
    expect(bad((x) => (x.allowHosts = ['https://intranet.local/']))).toEqual([{ path: 'allowHosts.0', message: 'is not HOST or HOST:PORT' }]);
    expect(bad((x) => (x.workspaceAllowHosts = { '/w': ['ok.local', 'user@host'] }))).toEqual([{ path: 'workspaceAllowHosts./w.1', message: 'is not HOST or HOST:PORT' }]);
    // Unknown keys (a pasted API key, say) are dropped, never stored.
    const withKey = checkSettings({ ...s, apiKey: 'sk-secret' });
    expect(withKey.ok && JSON.stringify(withKey.settings)).not.toContain('sk-secret');
  });

  it.each([
    'http://169.254.169.254/latest',
    'http://169.254.170.2/v1',
    'http://[fd00:ec2::254]/v1',
    'http://[fe80::1]:8080/v1',
    'http://100.100.100.200/v1',
  ])('an endpoint at the link-local or metadata address %s is refused with a sentence (issue 26, finding 15)', (baseUrl) => {
    const copy = structuredClone(configured());
    copy.endpoints[0]!.baseUrl = baseUrl;
    const out = checkSettings(copy);
    expect(out.ok ? [] : out.issues).toEqual([{ path: 'endpoints.0.baseUrl', message: expect.stringMatching(/metadata address .* cannot be a model endpoint/) }]);
  });

  it.each(['http://127.0.0.1:11434/v1', 'http://192.168.1.20:8000/v1', 'http://[fd00::5]:8000/v1', 'https://api.openai.com/v1'])(
    'an endpoint at %s (loopback, private or public) stays allowed',
    (baseUrl) => {
      const copy = structuredClone(configured());
      copy.endpoints[0]!.baseUrl = baseUrl;
      expect(checkSettings(copy).ok).toBe(true);
    },
  );

  it('base URLs are stored in one spelling, without a trailing slash', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-settings-'));
    const s = configured();
    s.endpoints[0]!.baseUrl = 'https://api.openai.com/v1///';
    await saveSettings(dir, s);
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).endpoints[0].baseUrl).toBe('https://api.openai.com/v1');
  });

  it('has a preset for each server named in the issue, each a valid endpoint', () => {
    const urls = Object.fromEntries(ENDPOINT_PRESETS.map((p) => [p.id, p.baseUrl]));
    expect(urls).toMatchObject({
      openai: 'https://api.openai.com/v1',
      anthropic: 'https://api.anthropic.com/v1',
      gemini: 'https://generativelanguage.googleapis.com/v1beta/openai',
      openrouter: 'https://openrouter.ai/api/v1',
      ollama: 'http://127.0.0.1:11434/v1',
      lmstudio: 'http://127.0.0.1:1234/v1',
      vllm: 'http://127.0.0.1:8000/v1',
      llamacpp: 'http://127.0.0.1:8080/v1',
    });
    const endpoints = ENDPOINT_PRESETS.map((p, i, all) => endpointFromPreset(p.id, all.slice(0, i).map((q) => q.id)));
    expect(checkSettings({ ...defaultSettings(), endpoints }).ok).toBe(true);
    expect(endpointFromPreset('openai', ['openai', 'openai-2']).id).toBe('openai-3');
  });
});
