import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookPath, CUSTOMER_BOOK_API, MSG } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../../test/api';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import { importJob } from '../testing';
import { ImportCustomersDialog } from './import-customers-dialog';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(() => signIn());

describe('ImportCustomersDialog', () => {
  it('checks the file, uploads it, polls the job until done, then shows the counts and the result file', async () => {
    let polls = 0;
    mockApi({
      post: { [CUSTOMER_BOOK_API.importStart]: () => importJob({ status: 'queued', processed: 0 }) },
      get: {
        [bookPath(CUSTOMER_BOOK_API.importJob, { id: 5 })]: () => {
          polls += 1;
          return polls < 2
            ? importJob({ processed: 4 })
            : importJob({ status: 'done', processed: 10, added: 6, duplicate: 2, not_found: 1, failed: 1 });
        },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<ImportCustomersDialog userId={7} open onClose={() => {}} phone={false} />);
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await waitFor(() => expect(input()).not.toBeNull());

    await user.upload(input(), new File(['csv'], '客户.csv', { type: 'text/csv' }));
    expect(await screen.findByText(MSG.importFileRequired)).toBeInTheDocument();
    await user.upload(input(), new File([new Uint8Array(2 * 1024 * 1024 + 1)], '客户.xlsx', { type: XLSX }));
    expect(await screen.findByText(MSG.importFileTooLarge)).toBeInTheDocument();
    expect(requests('post')).toHaveLength(0);

    await user.upload(input(), new File([new Uint8Array(16)], '客户.xlsx', { type: XLSX }));
    // The progress while it runs, then the counts once done (asked again every second).
    expect(await screen.findByText('已处理 4 / 10 行')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByTestId('import-counts', {}, { timeout: 4_000 })).toHaveTextContent(
      /新增\s*6\s*家.*重复\s*2\s*家.*未找到\s*1\s*家.*失败\s*1\s*家/,
    );
    const sent = requests('post', CUSTOMER_BOOK_API.importStart)[0];
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body.file).toEqual(expect.objectContaining({ type: XLSX }));
    // The result file downloads with the session (a file endpoint sent with `call`; msw cannot answer a blob to jsdom's XHR,
    // the journey e2e/specs/customer-book.spec.ts downloads it).
    expect(screen.getByRole('button', { name: /下载结果/ })).toBeEnabled();
  });

  it('shows why a job failed', async () => {
    mockApi({
      post: { [CUSTOMER_BOOK_API.importStart]: () => importJob({ status: 'queued', processed: 0 }) },
      get: {
        [bookPath(CUSTOMER_BOOK_API.importJob, { id: 5 })]: () =>
          importJob({ status: 'failed', processed: 0, error: MSG.importFileInvalid }),
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<ImportCustomersDialog userId={7} open onClose={() => {}} phone={false} />);
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(16)], '客户.xlsx', { type: XLSX }));
    expect(await screen.findByText(MSG.importFileInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下载结果/ })).toBeNull();
  });
});
