import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_API, STAFF_NOTICES_API, type StaffNotice } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { fileAnswer, mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const notice = (id: number, over: Partial<StaffNotice> = {}): StaffNotice => ({
  id,
  user_id: 7,
  username: 'demouser',
  kind: 'renewal',
  window_days: 7,
  channel: 'site',
  title: '会员即将到期',
  state: 'sent',
  created_at: '2026-11-26T02:03:04.000Z',
  due_at: '2026-11-26T02:03:04.000Z',
  sent_at: '2026-11-26T02:03:04.000Z',
  ...over,
});

function routes(list: (query: Record<string, unknown>) => unknown) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf('admin'),
      [STAFF_NOTICES_API.list]: list,
      [STAFF_NOTICES_API.export]: () => fileAnswer('会员通知.xlsx'),
    },
  });
}

describe('会员通知', () => {
  it('lists the notices with their window, channel and state', async () => {
    routes(() => ({
      list: [
        notice(2, { channel: 'sms', state: 'pending', sent_at: null }),
        notice(1, { kind: 'refund', window_days: null, title: '订单已退款' }),
      ],
      total: 2,
      page: 1,
      size: 20,
    }));
    renderConsole('/notices');
    expect(await screen.findByText('续费提醒（到期前7天）')).toBeInTheDocument();
    expect(screen.getByText('退款通知')).toBeInTheDocument();
    expect(screen.getByText('短信')).toBeInTheDocument();
    expect(screen.getByText('待发送')).toBeInTheDocument();
    expect(screen.getByText('已发送')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('sends the filter', async () => {
    routes(() => ({ list: [notice(1)], total: 1, page: 1, size: 20 }));
    renderConsole('/notices?kind=renewal');
    await screen.findByText('续费提醒（到期前7天）');
    fireEvent.change(screen.getByLabelText('会员账号'), { target: { value: 'demouser' } });
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(requests('get', STAFF_NOTICES_API.list).at(-1)?.query).toEqual({
        kind: 'renewal',
        username: 'demouser',
        page: '1',
        size: '20',
      }),
    );
  });
});
