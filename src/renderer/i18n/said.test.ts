import { describe, expect, it } from 'vitest';
import { text } from '../../shared/i18n';
import { say, uiText } from './said';

describe('say: how the renderer shows a sentence', () => {
  const warning = { message: 'file not found: a.ts.', text: text('fs.notFound', { kind: text('kind.file'), shown: 'a.ts' }) };

  it('shows a warning from main in the UI language through its text', () => {
    expect(say(warning, 'en')).toMatch(/^file not found: a\.ts\./);
    expect(say(warning, 'ja')).toMatch(/^ファイルが見つかりません: a\.ts/);
    expect(say(warning, 'ko')).toMatch(/^파일/);
  });

  it('shows the English sentence when there is no text, or the text names a key this version lacks', () => {
    expect(say({ message: 'the server said no' }, 'ja')).toBe('the server said no');
    expect(say({ message: 'from a newer version', text: { key: 'fs.somethingNew', params: {} } }, 'ko')).toBe('from a newer version');
  });

  it('reads a plural text by its base key, with the count formatted for the language', () => {
    const redacted = { message: 'x', text: text('secrets.redacted', { count: 2, tally: '2 × key' }) };
    expect(say(redacted, 'ja')).toMatch(/^秘密情報を 2 件伏せました/);
  });

  it('shows the renderer’s own texts', () => {
    expect(say(uiText('ui.actions.copied'), 'ko')).toBe('펼친 프롬프트를 클립보드에 복사했습니다.');
    expect(say(uiText('ui.meters.resolving', { count: 1 }), 'en')).toBe('Resolving 1 reference…');
    expect(say(uiText('ui.meters.resolving', { count: 12345 }), 'en')).toBe('Resolving 12,345 references…');
  });
});

describe('advice in the window', () => {
  it('names the setting, never the command-line flag, in every language', () => {
    const warning = { message: 'private network address', text: text('net.privateAddress', { d: ' (127.0.0.1 is loopback)', hint: text('net.allowHint', { entry: '127.0.0.1:9000' }) }) };
    for (const language of ['en', 'ja', 'ko'] as const) {
      const words = say(warning, language);
      expect(words, language).not.toContain('--allow-host');
      expect(words, language).toContain('127.0.0.1:9000');
    }
    expect(say(warning, 'en')).toContain('add 127.0.0.1:9000 to the "Allowed hosts" setting');
    expect(say(warning, 'ko')).toContain('127.0.0.1:9000을 추가하세요');
  });
});
