import { describe, expect, it } from 'vitest';
import { chooseKoreanParticles } from './korean-particles';
import { text } from './text';
import { translate } from './translate';

describe('Korean particles follow the word before them', () => {
  it('after Hangul, digits, Latin letters, quotes and paths', () => {
    expect(chooseKoreanParticles('ws을(를) 열었습니다')).toBe('ws를 열었습니다');
    expect(chooseKoreanParticles('파일을(를) 열었습니다')).toBe('파일을 열었습니다');
    expect(chooseKoreanParticles('회의록을(를) 열었습니다')).toBe('회의록을 열었습니다');
    expect(chooseKoreanParticles('PDF을(를) 읽는 데')).toBe('PDF를 읽는 데');
    expect(chooseKoreanParticles('실행 7을(를) 내보냈습니다')).toBe('실행 7을 내보냈습니다');
    expect(chooseKoreanParticles('실행 2을(를) 내보냈습니다')).toBe('실행 2를 내보냈습니다');
    expect(chooseKoreanParticles('/tmp/out.md(으)로 내보냈습니다')).toBe('/tmp/out.md로 내보냈습니다');
    expect(chooseKoreanParticles('서울(으)로')).toBe('서울로');
    expect(chooseKoreanParticles('부산(으)로')).toBe('부산으로');
    expect(chooseKoreanParticles('"abc"은(는) 정수가 아닙니다')).toBe('"abc"는 정수가 아닙니다');
    expect(chooseKoreanParticles('url이(가) 있습니다')).toBe('url이 있습니다');
  });

  it('no Korean sentence of the catalogues keeps a both-form particle once filled in', () => {
    expect(translate(text('ui.workspace.opened', { name: 'ws' }), 'ko')).toBe('ws를 열었습니다.');
    expect(translate(text('ui.workspace.opened', { name: '회의록' }), 'ko')).toBe('회의록을 열었습니다.');
    expect(translate(text('ui.settings.endpointChosen', { name: 'Ollama' }), 'ko')).not.toMatch(/\(으\)|\(를\)|\(는\)|\(가\)/);
  });
});

describe('main\'s English phrases in a Japanese or Korean sentence', () => {
  it('a protected path\'s reason, a refused address and a secret rule are in the sentence\'s language', async () => {
    const { localPhrase } = await import('./phrases');
    expect(localPhrase('an environment file with secrets', 'ja')).toBe('秘密情報を含む環境変数ファイル');
    expect(localPhrase(' (192.168.1.1 is private)', 'ja')).toBe('（192.168.1.1 はプライベートアドレス）');
    expect(localPhrase(' (intranet resolves to 10.0.0.5, which is private)', 'ko')).toBe(' (intranet → 10.0.0.5: 사설 주소)');
    expect(localPhrase('2 × secret-assignment, 1 × openai-key', 'ko')).toBe('2 × 암호 같은 값의 대입, 1 × OpenAI API 키');
    expect(localPhrase('an environment file with secrets', 'en')).toBe('an environment file with secrets');
    const sentence = translate(text('net.privateAddress', { d: ' (192.168.1.1 is private)', hint: '' }), 'ja');
    expect(sentence).not.toMatch(/is private/);
  });
});
