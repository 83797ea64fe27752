import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GrantedFile } from '../../shared/api/contract';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { formatReference } from '../../shared/grammar';
import { isInside, isProtectedPath } from '../guards';
import { SERVICE_TEXT } from './text';

/**
 * Turns a file the person dropped on the composer into the `@file:` reference to insert. A file in
 * the workspace is written relative to it; a file outside is added to `grants` (its real path, so
 * that file alone becomes attachable) and written absolute. Protected files are refused here too,
 * so nothing sensitive is even offered.
 */
export async function grantDroppedFile(input: string, root: string, grants: Set<string>): Promise<ApiResult<GrantedFile>> {
  let real: string;
  try {
    real = await fs.realpath(path.resolve(root, input));
  } catch {
    return fail('not_found', SERVICE_TEXT.fileNotFound(input));
  }
  const stat = await fs.stat(real).catch(() => null);
  if (!stat?.isFile()) return fail('invalid_request', SERVICE_TEXT.notAFile(input));
  const guard = isProtectedPath(real, { home: os.homedir() });
  if (guard.protected) return fail('forbidden', SERVICE_TEXT.protectedFile(input, guard.reason));
  const inside = isInside(root, real);
  const value = inside ? path.relative(root, real).split(path.sep).join('/') : real;
  const reference = formatReference('file', value);
  if (reference === null) return fail('invalid_request', SERVICE_TEXT.unwritablePath(value));
  if (!inside) grants.add(real);
  return ok({ path: value, reference, granted: !inside });
}
