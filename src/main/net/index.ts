/**
 * The network layer's face: the policy, the guarded lookup and fetch, content types. Two files are
 * second faces that stand alone: ./extract.ts (linkedom, Readability, turndown), so a fetch does not
 * load them, and ./content.ts (pure), so the extraction worker decodes text without undici.
 */
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
  EMPTY_BODY_MESSAGE,
  NO_CONTENT_MESSAGE,
  pageExtractionMessage,
  pageDescription,
} from './errors';
export { checkUrl, isAllowed, isLocalName, parseAllowEntry, type CheckedUrl, type LookupAddress, type LookupFn, type NetworkPolicy } from './policy';
export { createGuardedLookup, judgeAddresses, systemLookup, type LookupRefusal } from './lookup';
export { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from './fetch';
export { contentKind, decodeText, fenceLanguage, parseContentType, type ContentKind, type MediaType } from './content';
