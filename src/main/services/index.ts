export { createServices, type Services, type ServicesOptions, type Platform, type CallHandler } from './services';
export { type EngineFactory } from './expander';
