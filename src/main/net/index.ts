/** The network layer's public face: the policy, the guarded fetch, and page extraction. */
export { classifyAddress, embeddedIPv4, isIpLiteral, type AddressRange } from './address';
export {
  allowEntryFor,
  binaryPageMessage,
  formatBytes,
  formatMs,
  httpStatusProblem,
  pageTooLargeMessage,
  netError,
  warningCodeFor,
  type NetError,
  type NetErrorCode,
  type NetResult,
} from './errors';
export { checkUrl, isAllowed, isLocalName, parseAllowEntry, type CheckedUrl, type LookupAddress, type LookupFn, type NetworkPolicy } from './policy';
export { createGuardedLookup, judgeAddresses, systemLookup, type LookupRefusal } from './lookup';
export { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from './fetch';
export { contentKind, decodeText, fenceLanguage, parseContentType, type ContentKind, type MediaType } from './content';
export { extractPage, withBase, type ExtractOptions, type ExtractedPage } from './extract';
