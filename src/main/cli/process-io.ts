import type { CommandIO } from './expand-command';
import { pickLanguage, posixLanguageTags } from '../../shared/i18n/languages';

/** Standard streams of this process, for `bin/atmark.cjs`. */
export function processIO(): CommandIO {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    language: pickLanguage(posixLanguageTags(process.env)),
  };
}
