// The official rules the policy tools apply, as data and pure functions.

export * from './examples.js';
export * from './facts.js';
export * from './facts-schema.js';
export * from './hightech.js';
export * from './policy-match.js';
export * from './scoring.js';
export * from './sme.js';
