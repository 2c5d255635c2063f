// The API package's calls, used one at a time by the open API (in its metering transaction).
import type { Db } from '../../db/connection.js';
import { spendApiCall } from './repo.js';

/** Takes one call of the member's running API package in `q`; false when none is left or it expired. */
export const useApiCall = (q: Db, userId: number, at: Date): Promise<boolean> =>
  spendApiCall(q, userId, at.toISOString());
