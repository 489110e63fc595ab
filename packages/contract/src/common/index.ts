export * from './page.js';
export * from './date-range.js';
export * from './list-request.js';
export * from './endpoint.js';
export * from './takes-nothing.js';
export * from './mask.js';
export * from './labelled-codes.js';
