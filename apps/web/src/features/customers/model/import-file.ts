// The client-side check of a chosen import file (the server checks again): an .xlsx of at most 2 MB.
import { IMPORT_FILE_MAX, MSG } from '@uc/shared';

/** The message to show, or null when the file may be uploaded. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return MSG.importFileRequired;
  if (file.size > IMPORT_FILE_MAX) return MSG.importFileTooLarge;
  return null;
}

/** The job's progress in percent (0 before its rows are counted). */
export function importPercent(job: { processed: number; total: number; status: string }): number {
  if (job.status === 'done') return 100;
  return job.total > 0 ? Math.min(100, Math.floor((job.processed / job.total) * 100)) : 0;
}
