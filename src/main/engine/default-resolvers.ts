import type { Resolver } from './resolver';
import { fileResolver } from '../resolvers/file';
import { folderResolver } from '../resolvers/folder';
import { diffResolver } from '../resolvers/diff';
import { stagedResolver } from '../resolvers/staged';
import { logResolver } from '../resolvers/log';
import { urlResolver } from '../resolvers/url';
import { createResultResolver } from '../resolvers/result';

/** One resolver per kind. `@result` has no session here; the session store replaces it. */
export function defaultResolvers(): Resolver[] {
  return [fileResolver, folderResolver, diffResolver, stagedResolver, logResolver, urlResolver, createResultResolver(null)];
}
