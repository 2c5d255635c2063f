// The text a screen shows for a failure, from the client core of @uc/client (its envelope helpers beside it).
export { errorText, isEnvelope } from '@uc/client';
