export * from './envelope.js';
export * from './validation.js';
export * from './auth.js';
export * from './paths.js';
export * from './stores.js';
