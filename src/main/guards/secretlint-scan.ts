import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretSpan } from './secret-rules';
import { isPlaceholder, looksRandom } from './secret-rules';

// secretlint's shared profiler keeps a mark for each rule of each scan, for ever: silenced before
// the first scan (secretlint-profiler.ts says why; the CLI's bundle has the silent one already).
secretLintProfiler.mark = () => undefined;

type LintConfig = Parameters<typeof lintSource>[0]['options']['config'];

const PRESET_ID = '@secretlint/secretlint-rule-preset-recommend';
const RULE_PREFIX = '@secretlint/secretlint-rule-';

/**
 * secretlint's recommended preset, minus `filter-comments`: that rule honours `secretlint-disable`
 * comments, and attached text is not trusted to switch its own redaction off.
 */
const CONFIG: LintConfig = {
  rules: [
    {
      id: PRESET_ID,
      rule: recommendedPreset,
      rules: [{ id: `${RULE_PREFIX}filter-comments`, disabled: true }],
    },
  ],
};

/**
 * secretlint rule (or `rule/messageId`) -> Atmark rule id, so a GitHub token counts as `github-token`
 * whichever engine found it. Rules not listed keep their secretlint short name (`sendgrid`, `vercel`).
 */
const RULE_IDS: Readonly<Record<string, string>> = {
  'aws/AWSAccessKeyID': 'aws-access-key-id',
  'aws/AWSSecretAccessKey': 'aws-secret-access-key',
  'aws/AWSAccountID': 'aws-account-id',
  'slack/IncomingWebhook': 'slack-webhook',
  slack: 'slack-token',
  privatekey: 'private-key',
  github: 'github-token',
  gitlab: 'gitlab-token',
  openai: 'openai-key',
  anthropic: 'anthropic-key',
  npm: 'npm-token',
  huggingface: 'huggingface-token',
  basicauth: 'url-password',
  'database-connection-string': 'connection-string',
  gcp: 'gcp-service-account-key',
};

/** Maps a secretlint rule id and message id to the Atmark rule id. */
export function secretlintRuleId(ruleId: string, messageId: string): string {
  const short = ruleId.startsWith(RULE_PREFIX) ? ruleId.slice(RULE_PREFIX.length) : ruleId;
  return RULE_IDS[`${short}/${messageId}`] ?? RULE_IDS[short] ?? short;
}

/**
 * Runs secretlint's recommended preset over `text` and returns what it reports as spans with Atmark
 * rule ids. `fileName` (default `attached.txt`) lets file-specific rules (`.npmrc`, Docker config)
 * apply. Runs in process; about 6 ms per 192 KiB once warm.
 */
export async function secretlintSpans(text: string, fileName = 'attached.txt'): Promise<SecretSpan[]> {
  const result = await lintSource({
    source: { content: text, filePath: fileName, contentType: 'text' },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  return result.messages
    .map((m) => ({ start: m.range[0], end: m.range[1], rule: secretlintRuleId(m.ruleId, m.messageId) }))
    .filter((span) => plausible(text.slice(span.start, span.end)));
}

/**
 * Applies Atmark's placeholder judgement to secretlint's reports too: the preset flags masked tokens
 * (`ghp_` + x's, `npm_` + zeros, `xoxb-your-bot-token-here`) and already-redacted URLs.
 */
function plausible(found: string): boolean {
  return !isPlaceholder(found) && looksRandom(found, 2, 8);
}
