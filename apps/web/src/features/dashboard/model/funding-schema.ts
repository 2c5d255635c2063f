// The shared funding rules (zod, with docs/requirements.md §5's messages), in their own chunk: loaded when the dialog validates.
export { fundingRules } from '@uc/shared';
