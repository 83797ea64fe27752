import { CALL_SCHEMAS, type ValidCallInput } from './contract';
import type { CallName } from './channels';
import { text } from '../i18n/text';
import { fail, type ApiResult } from './result';

/** Narrows an unknown string to a call name. */
export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CALL_SCHEMAS, name);
}

/**
 * Validates the payload of call `name` against its schema. Returns the parsed payload, or an
 * `invalid_request` result naming the first problem. Never throws.
 */
export function validateCall<N extends CallName>(name: N, payload: unknown): ApiResult<ValidCallInput<N>> {
  const parsed = CALL_SCHEMAS[name].safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data as ValidCallInput<N> };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return fail('invalid_request', text('service.malformedRequest', { name, where, issue: issue?.message ?? 'invalid payload' }));
}
