export * from './call.js';
export * from './client.js';
export * from './envelope.js';
export * from './failure.js';
export * from './query.js';
