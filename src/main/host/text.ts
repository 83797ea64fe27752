import { text } from '../../shared/i18n/text';

/**
 * The sentences the browser host's socket answers with, as catalogue texts (`service.socket*`).
 */
export const HOST_TEXT = {
  notJson: text('service.socketNotJson'),
  notACall: text('service.socketNotACall'),
  binary: text('service.socketBinary'),
} as const;
