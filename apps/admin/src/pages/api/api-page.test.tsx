// API: members' keys listed, a key's calls per day in a drawer, 停用 with its reason, and no 停用 for a role without
// api.write.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STAFF_API, STAFF_API_KEYS_API, type StaffApiKeyItem, type StaffRole, staffIdPath } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

/** The lazy page's first render on a busy machine. */
const SLOW = { timeout: 15_000 };

const key: StaffApiKeyItem = {
  id: 5,
  user_id: 9,
  username: 'apiuser01',
  company_name: '深圳测试科技有限公司',
  name: '生产环境',
  prefix: 'ccw_AbCdEfGh',
  created_at: '2026-11-01T02:00:00.000Z',
  last_used_at: '2026-11-26T02:00:00.000Z',
  calls_month: 42,
  quota_total: 10000,
  quota_used: 120,
  status: 'active',
};

function routes(role: StaffRole) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf(role),
      [STAFF_API_KEYS_API.list]: () => ({ list: [key], total: 1, page: 1, size: 20 }),
      [staffIdPath(STAFF_API_KEYS_API.usage, 5)]: () => ({
        from: '2026-11-25',
        to: '2026-11-26',
        days: [
          { date: '2026-11-25', calls: 3, charged: 2 },
          { date: '2026-11-26', calls: 7, charged: 7 },
        ],
      }),
    },
    post: { [staffIdPath(STAFF_API_KEYS_API.suspend, 5)]: () => ({ ...key, status: 'suspended' }) },
  });
}

describe('API', () => {
  it("lists the keys with this month's calls and shows a key's usage", async () => {
    routes('admin');
    renderConsole('/api');
    expect(await screen.findByText('生产环境', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    fireEvent.click(screen.getByText('调用统计'));
    expect(await screen.findByText('2026-11-26', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/扣费调用共 9 次/)).toBeInTheDocument();
  });

  it('停用 sends the reason', async () => {
    routes('admin');
    renderConsole('/api');
    fireEvent.click(await screen.findByText(/^停\s*用$/, { selector: 'button span' }, SLOW));
    const ok = await screen.findByText(/^确\s*定$/, {}, SLOW);
    fireEvent.change(screen.getByLabelText('修改原因'), { target: { value: '异常调用' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(requests('post', staffIdPath(STAFF_API_KEYS_API.suspend, 5))[0]?.body).toEqual({
        reason: '异常调用',
      }),
    );
  });

  it('客服 (no api.write) sees no 停用', async () => {
    routes('service');
    renderConsole('/api');
    await screen.findByText('生产环境', {}, SLOW);
    expect(screen.queryByText(/^停\s*用$/, { selector: 'button span' })).not.toBeInTheDocument();
  });
});
