export { parseReferences } from './parse';
export { formatValue, formatReference } from './format';
export { MALFORMED } from './messages';
export { canStartReference } from './start';
