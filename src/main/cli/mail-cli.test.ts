import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { makeEml } from '../../../test-support/mail';
import { runCli } from './main';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

async function expand(args: string[]): Promise<string> {
  let out = '';
  const code = await runCli(['expand', ...args], { stdout: (t) => void (out += t), stderr: () => undefined, readStdin: async () => '', cwd: ws.root, language: 'en' });
  expect(code).toBe(0);
  return out;
}

describe('atmark expand with mail', () => {
  it('prints a mail with its addresses as written, and masked with --mask-addresses', async () => {
    ws = makeWorkspace();
    ws.write(
      'inbox/budget.eml',
      makeEml({ charset: 'euc-kr', from: { name: '김철수', address: 'chulsoo@example.kr' }, to: [{ name: '', address: 'team@example.kr' }], subject: '예산 검토', text: '예산안을 검토해 주세요.' }),
    );
    const plain = await expand(['@file:inbox/budget.eml']);
    expect(plain).toContain('- **From:** 김철수 <chulsoo@example.kr>');
    expect(plain).toContain('예산안을 검토해 주세요.');
    const masked = await expand(['--mask-addresses', '@file:inbox/budget.eml']);
    expect(masked).toContain('- **From:** 김철수 <c***@example.kr>');
    expect(masked).toContain('- **To:** t***@example.kr');
    expect(masked).not.toContain('chulsoo@');
  });
});
