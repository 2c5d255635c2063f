// 会员: the list with its filter, a member's detail drawer with its tabs, an action asking for its reason before it
// is sent (the reset's temporary password shown once), and no actions for a role without members.write.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  MSG,
  STAFF_API,
  STAFF_MEMBERS_API,
  type StaffMemberDetail,
  type StaffMemberItem,
  type StaffRole,
  staffIdPath,
} from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';
import { PII_MASKED } from './member-detail-drawer';

/** The lazy page's first render on a busy machine. */
const SLOW = { timeout: 15_000 };

const item = (id: number, over: Partial<StaffMemberItem> = {}): StaffMemberItem => ({
  id,
  username: `member${id}`,
  company_name: '深圳测试科技有限公司',
  mobile: '13900000000',
  level: 22,
  level_name: 'VIP专业版',
  gid: 13,
  plan_name: 'VIP专业版',
  expired_at: '2027-11-26T15:59:59.999Z',
  is_sub: false,
  parent_username: null,
  status: 'normal',
  enabled_by_main: true,
  held_with_main: false,
  created_at: '2026-11-01T02:00:00.000Z',
  ...over,
});

const detail = (member: StaffMemberItem): StaffMemberDetail => ({
  member: {
    ...member,
    email: '',
    contact_name: '张三',
    area: '440300',
    site: 'sz',
    password_changed_at: null,
    staff_disabled_at: null,
  },
  orders: [
    {
      out_trade_no: 'T202611010001',
      name: 'VIP专业版',
      price: 6980,
      status: 'paid',
      created_at: '2026-11-01T02:00:00.000Z',
      paid_at: '2026-11-01T02:05:00.000Z',
    },
  ],
  sub_accounts: [],
  logins: [
    { at: '2026-11-20T02:00:00.000Z', method: 'sms', success: true, ip: '10.0.0.9', user_agent: 'Chrome' },
  ],
  messages: [],
});

function routes(role: StaffRole) {
  const member = item(7);
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf(role),
      [STAFF_MEMBERS_API.list]: () => ({
        list: [member, item(8, { status: 'disabled' })],
        total: 2,
        page: 1,
        size: 20,
      }),
      [staffIdPath(STAFF_MEMBERS_API.detail, 7)]: () => detail(member),
    },
    post: {
      [staffIdPath(STAFF_MEMBERS_API.disable, 7)]: () => ({ ...member, status: 'disabled' }),
    },
  });
}

describe('会员', () => {
  it('lists the members and sends the filter', async () => {
    routes('ops');
    renderConsole('/members?status=disabled&username=member');
    expect(await screen.findByText('member7', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(requests('get', STAFF_MEMBERS_API.list)[0]?.query).toEqual({
      username: 'member',
      status: 'disabled',
      page: '1',
      size: '20',
    });
  });

  it('shows the detail with its tabs; 停用 asks for a reason before it is sent', async () => {
    routes('ops');
    renderConsole('/members');
    fireEvent.click((await screen.findAllByText('详情', {}, SLOW))[0] as HTMLElement);
    expect(await screen.findByText('张三', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('订单 (1)')).toBeInTheDocument();
    expect(screen.getByText('登录记录 (1)')).toBeInTheDocument();
    fireEvent.click(screen.getByText(/^停\s*用$/, { selector: 'button span' }));
    const ok = await screen.findByText(/^确\s*定$/, {}, SLOW);
    fireEvent.click(ok);
    expect(await screen.findByText(MSG.reasonRequired)).toBeInTheDocument();
    expect(requests('post', staffIdPath(STAFF_MEMBERS_API.disable, 7))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('修改原因'), { target: { value: '违规使用' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(requests('post', staffIdPath(STAFF_MEMBERS_API.disable, 7))[0]?.body).toEqual({
        reason: '违规使用',
      }),
    );
  });

  it('导出 shows for a role with members.export (运营), never for 客服; masked values are shown as sent', async () => {
    routes('ops');
    const view = renderConsole('/members');
    await screen.findByText('member7', {}, SLOW);
    expect(screen.getByText(/^导\s*出$/, { selector: 'button span' })).toBeInTheDocument();
    view.unmount();

    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_MEMBERS_API.list]: () => ({
          list: [item(7, { mobile: '139****0000' })],
          total: 1,
          page: 1,
          size: 20,
        }),
        [staffIdPath(STAFF_MEMBERS_API.detail, 7)]: () => ({
          ...detail(item(7, { mobile: '139****0000' })),
          member: { ...detail(item(7, { mobile: '139****0000' })).member, email: 'z***@example.com' },
        }),
      },
    });
    renderConsole('/members');
    expect(await screen.findByText('139****0000', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/^导\s*出$/, { selector: 'button span' })).not.toBeInTheDocument();
    fireEvent.click((await screen.findAllByText('详情', {}, SLOW))[0] as HTMLElement);
    expect(await screen.findByText('z***@example.com', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(PII_MASKED)).toBeInTheDocument();
  });

  it('an admin (members.pii) is not told of masking', async () => {
    routes('admin');
    renderConsole('/members');
    fireEvent.click((await screen.findAllByText('详情', {}, SLOW))[0] as HTMLElement);
    await screen.findByText('张三', {}, SLOW);
    expect(screen.queryByText(PII_MASKED)).not.toBeInTheDocument();
  });

  it('客服 sees no actions', async () => {
    routes('service');
    renderConsole('/members');
    await screen.findByText('member7', {}, SLOW);
    expect(screen.queryByText('操作', { selector: 'button span' })).not.toBeInTheDocument();
    fireEvent.click((await screen.findAllByText('详情', {}, SLOW))[0] as HTMLElement);
    await screen.findByText('张三', {}, SLOW);
    expect(screen.queryByText(/^停\s*用$/, { selector: 'button span' })).not.toBeInTheDocument();
  });
});
