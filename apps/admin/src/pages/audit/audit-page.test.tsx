import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuditEntry, STAFF_API, STAFF_AUDIT_EXPORT } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileAnswer, mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-26T02:03:04.000Z',
  staff_id: 3,
  staff_username: 'caiwu01',
  ip: '10.0.0.8',
  action: 'orders.refund',
  target_type: 'order',
  target_id: `O${id}`,
  before: '{"status":"paid","amount":9900}',
  after: '{"status":"refunded","amount":9900}',
  reason: '客户申请退款',
  ...over,
});

const pageOf = (list: AuditEntry[], total: number, page = 1, size = 20) => ({ list, total, page, size });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function routes(audit: (query: Record<string, unknown>) => unknown) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf('admin'),
      [STAFF_API.audit]: audit,
      [STAFF_AUDIT_EXPORT]: () => fileAnswer('操作日志.xlsx'),
    },
  });
}

describe('操作日志', () => {
  it('lists the entries of the first page', async () => {
    routes(() => pageOf([entry(1), entry(2, { action: 'auth.login', target_type: 'staff', reason: '' })], 2));
    renderConsole('/audit');
    // The actions by their Chinese names (STAFF_ACTIONS), the key on hover.
    expect(await screen.findByTitle('auth.login')).toHaveTextContent('登录');
    expect(screen.getByTitle('orders.refund')).toHaveTextContent('退款');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    // Shanghai time.
    expect(screen.getAllByText('2026-11-26 10:03:04')).toHaveLength(2);
    expect(requests('get', STAFF_API.audit)[0]?.query).toEqual({ page: '1', size: '20' });
  });

  it('sends the filter, keeps it in the URL and starts again at page 1', async () => {
    routes(() => pageOf([entry(1)], 1));
    // 动作 is a choice of the named actions: here read from the URL, kept by 查询.
    const { router } = renderConsole('/audit?action=orders.refund&page=3');
    await screen.findByTitle('orders.refund');
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('操作人ID', '3');
    fill('对象类型', 'order');
    fill('对象ID', 'O1');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(requests('get', STAFF_API.audit).at(-1)?.query).toEqual({
        staff_id: '3',
        action: 'orders.refund',
        target_type: 'order',
        target_id: 'O1',
        page: '1',
        size: '20',
      }),
    );
    expect(router.state.location.search).toBe(
      '?staff_id=3&action=orders.refund&target_type=order&target_id=O1',
    );
  });

  it('reads a date range from the URL into the form and the request', async () => {
    routes(() => pageOf([], 0));
    renderConsole('/audit?from=2026-11-01&to=2026-11-26');
    await waitFor(() =>
      expect(requests('get', STAFF_API.audit)[0]?.query).toEqual({
        from: '2026-11-01',
        to: '2026-11-26',
        page: '1',
        size: '20',
      }),
    );
    expect(screen.getByDisplayValue('2026-11-01')).toBeInTheDocument();
    expect((await screen.findAllByText('暂无数据'))[0]).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    routes((query) =>
      pageOf(
        Array.from({ length: 20 }, (_, i) => entry((Number(query.page) - 1) * 20 + i + 1)),
        45,
        Number(query.page),
      ),
    );
    const { router } = renderConsole('/audit?action=orders.refund');
    await screen.findByText('共 45 条');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(requests('get', STAFF_API.audit).at(-1)?.query).toEqual({
        action: 'orders.refund',
        page: '2',
        size: '20',
      }),
    );
    expect(await screen.findByText('order #O21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?action=orders.refund&page=2');
  });

  it('exports the same filter as .xlsx', async () => {
    routes(() => pageOf([entry(1)], 1));
    renderConsole('/audit?action=auth.login&from=2026-11-01&page=2');
    await screen.findByTitle('orders.refund');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests('get', STAFF_AUDIT_EXPORT)[0]?.query).toEqual({
      action: 'auth.login',
      from: '2026-11-01',
    });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('操作日志.xlsx');
  });

  it('shows the change before and after side by side in the drawer', async () => {
    routes(() => pageOf([entry(1)], 1));
    renderConsole('/audit');
    await screen.findByTitle('orders.refund');
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('变更前')).toHaveTextContent('"status": "paid"');
    expect(within(drawer).getByLabelText('变更后')).toHaveTextContent('"status": "refunded"');
    expect(within(drawer).getByText('status')).toBeInTheDocument();
    expect(within(drawer).getByText('客户申请退款')).toBeInTheDocument();
  });
});
