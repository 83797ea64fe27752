export * from './channels';
export * from './contract';
export * from './result';
export { isCallName, validateCall } from './validate';
export type * from './session-types';
