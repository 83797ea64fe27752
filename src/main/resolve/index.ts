/**
 * The resolver contract between the engine and the resolvers: the context a resolver gets, the
 * resolution it returns, `refuse` for refusals, and the identity helpers behind `Resolver.identity`.
 */
export {
  createResolverCaches,
  refuse,
  type ListedFileDetails,
  type Refused,
  type Resolution,
  type Resolved,
  type ResolveContext,
  type Resolver,
  type ResolverCaches,
  type ScanContext,
} from './resolver';
export { statIdentity, timeBucket } from './identity';
