import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRole } from '@uc/shared';
import { type CardBatch, type CouponTemplate, STAFF_API, STAFF_CARDS_API } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileAnswer, httpError, mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const batch = (id: number, over: Partial<CardBatch> = {}): CardBatch => ({
  id,
  name: `渠道卡${id}`,
  grant_kind: 'credits',
  grant: '高企评分 5次',
  count: 100,
  bound: 3,
  created_by: 'admin01',
  created_at: '2026-11-26T02:03:04.000Z',
  expires_at: '2099-12-31T15:59:59.999Z',
  status: 'active',
  exported: false,
  exported_at: null,
  ...over,
});

const template: CouponTemplate = {
  id: 9,
  name: '新人代金券',
  kind: 'voucher',
  threshold: 0,
  amount: 20,
  percent: null,
  cap: null,
  plans: null,
  rule: '立减20',
  scope: '全部商品',
  valid_days: 30,
  valid_start: null,
  valid_end: null,
  total_count: null,
  take_limit: 1,
  issued_count: 4,
  on_register: false,
  status: 'active',
  created_at: '2026-11-26T02:03:04.000Z',
};

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });
const secretsPath = (id: number) => STAFF_CARDS_API.batchSecrets.replace('{id}', String(id));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function routes(role: StaffRole, list: CardBatch[], secrets: () => unknown = () => fileAnswer('卡密.xlsx')) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf(role),
      [STAFF_CARDS_API.batches]: () => pageOf(list),
      [STAFF_CARDS_API.templates]: () => pageOf([template]),
    },
    post: {
      [STAFF_CARDS_API.batches]: () => batch(3),
      [secretsPath(1)]: secrets,
      [STAFF_CARDS_API.templateIssue.replace('{id}', '9')]: () => ({
        issued: 1,
        skipped: 1,
        skipped_members: [{ member: 'nobody', reason: '会员不存在或为子账号' }],
      }),
    },
  });
}

describe('卡券批次', () => {
  it('lists the batches; 导出卡密 once after a confirmation, 已导出 for an exported batch', async () => {
    routes('admin', [batch(1), batch(2, { exported: true, exported_at: '2026-11-26T03:00:00.000Z' })]);
    renderConsole('/cards');
    expect(await screen.findByText('渠道卡1')).toBeInTheDocument();
    const exported = screen.getByText('渠道卡2').closest('tr') as HTMLElement;
    expect(
      within(exported).getByText('已导出', { selector: 'button span' }).closest('button'),
    ).toBeDisabled();
    const row = screen.getByText('渠道卡1').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('导出卡密'));
    expect(await screen.findByText(/卡密只能导出一次/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('导 出', { selector: '.ant-modal-confirm button span' }));
    await waitFor(() => expect(requests('post', secretsPath(1))).toHaveLength(1));
    // Bodiless, yet JSON: an empty form is refused by the server.
    expect(requests('post', secretsPath(1))[0]?.headers.get('content-type')).toBe('application/json');
    expect(await screen.findByText('卡密已导出，请妥善保管文件')).toBeInTheDocument();
  });

  it('shows the server refusal of a second export', async () => {
    routes('finance', [batch(1)], () => httpError(410, '该批次的卡密已导出过，卡密只能导出一次'));
    renderConsole('/cards');
    const row = (await screen.findByText('渠道卡1')).closest('tr') as HTMLElement;
    // finance may export but not create or void.
    expect(screen.queryByText('新建批次')).not.toBeInTheDocument();
    expect(within(row).queryByText('作废')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByText('导出卡密'));
    fireEvent.click(await screen.findByText('导 出', { selector: '.ant-modal-confirm button span' }));
    expect(await screen.findByText('该批次的卡密已导出过，卡密只能导出一次')).toBeInTheDocument();
  });

  it('offers no 导出卡密 to a role without cards.export', async () => {
    routes('ops', [batch(1)]);
    renderConsole('/cards');
    const row = (await screen.findByText('渠道卡1')).closest('tr') as HTMLElement;
    expect(within(row).queryByText('导出卡密')).not.toBeInTheDocument();
    expect(within(row).getByText('作废')).toBeInTheDocument();
  });
});

describe('优惠券模板', () => {
  it('issues a template to the usernames of the textarea and tells what was skipped', async () => {
    routes('ops', []);
    renderConsole('/cards');
    fireEvent.click(await screen.findByText('优惠券模板', { selector: '.ant-tabs-tab-btn' }));
    const row = (await screen.findByText('新人代金券')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('发放'));
    fireEvent.change(await screen.findByLabelText('会员用户名或ID（每行一个，最多1000个）'), {
      target: { value: 'zhangsan\nnobody, zhangsan' },
    });
    fireEvent.change(screen.getByLabelText('发放原因'), { target: { value: '活动补偿' } });
    fireEvent.click(screen.getByText('发 放', { selector: '.ant-modal-footer button span' }));
    await waitFor(() => expect(requests('post')).toHaveLength(1));
    expect(requests('post')[0]?.body).toEqual({ members: ['zhangsan', 'nobody'], reason: '活动补偿' });
    expect((await screen.findAllByText('已发放 1 张，跳过 1 人'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('nobody：会员不存在或为子账号')[0]).toBeInTheDocument();
  });
});
