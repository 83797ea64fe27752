export { parseReferences } from './parse';
export { formatValue, formatReference, formatCellReference } from './format';
export { MALFORMED } from './messages';
export { canStartReference } from './start';
export { findNearMisses, type NearMiss } from './near-miss';
export { IMAGE_SEND_MODES, isImageName, withImageMode } from './image-mode';
