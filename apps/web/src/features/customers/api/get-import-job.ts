// GET /api/ccw/customers/import/{id}/: an import job's progress, asked every second until it is done or failed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, endpoint, type ImportJob } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

export const IMPORT_POLL_MS = 1_000;

const ENDPOINT = endpoint<ImportJob>()('GET', CUSTOMER_BOOK_API.importJob);

export function getImportJob(id: number): Promise<ImportJob> {
  return call(ENDPOINT, { id });
}

export const importJobQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...customerKeys.forUser(userId), 'import', id],
    queryFn: () => getImportJob(id),
  });

export const importFinished = (job: ImportJob | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

export function useImportJob(userId: number, id: number) {
  return useQuery({
    ...importJobQueryOptions(userId, id),
    enabled: userId > 0 && id > 0,
    refetchInterval: (query) => (importFinished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}
