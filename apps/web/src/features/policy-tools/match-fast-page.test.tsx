import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POLICY_TOOLS_API, type PolicyMatchResult } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { sectionsFor } from './components/fields';
import { MatchFastPage } from './match-fast-page';

const result = (items: PolicyMatchResult['items']): PolicyMatchResult => ({
  subject: { customer_id: null, cus_name: '深圳市路人甲科技有限公司' },
  as_of: '2026-11-24',
  counts: { 完全匹配: items.length, 部分匹配: 0, 不匹配: 3 },
  items,
  cost: 'none',
});

function renderPage() {
  renderApp(<MatchFastPage title="快速匹配" />, { path: '/fast' });
}

/** The match answers `matched`; the customer search finds nobody. */
function answer(matched: PolicyMatchResult) {
  mockApi({
    get: { [POLICY_TOOLS_API.customerSearch]: () => [] },
    post: { [POLICY_TOOLS_API.matchFast]: () => matched },
  });
}

beforeEach(() => {
  signIn();
  mockApi({ get: { [POLICY_TOOLS_API.customerSearch]: () => [] } });
});

describe('MatchFastPage', () => {
  it('matches a typed company in one click and shows each item with its conditions and deadline', async () => {
    answer(
      result([
        {
          id: 1,
          title: '关于组织申报2026年度深圳市高新技术企业认定的通知',
          dept_name: '深圳市科技创新局',
          publish_time: '2026-11-20T00:00:00.000Z',
          end_time: '2026-12-10T00:00:00.000Z',
          programme: '高新技术企业认定',
          level: '完全匹配',
          met: [{ key: 'region', name: '注册地区', status: 'pass', detail: '' }],
          missing: [],
          unknown: [],
        },
      ]),
    );
    renderPage();
    await userEvent.click(screen.getByText('输入企业名称'));
    fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), {
      target: { value: '深圳市路人甲科技有限公司' },
    });
    await userEvent.click(screen.getByRole('button', { name: '一键匹配' }));
    expect(await screen.findByText('关于组织申报2026年度深圳市高新技术企业认定的通知')).toBeInTheDocument();
    expect(screen.getByText('申报截止：2026-12-10')).toBeInTheDocument();
    expect(screen.getByText(/注册地区/)).toBeInTheDocument();
    expect(requests('post', POLICY_TOOLS_API.matchFast).map((c) => c.body)).toEqual([
      { company_name: '深圳市路人甲科技有限公司' },
    ]);
  });

  it('shows 暂无数据 when nothing is open for the company', async () => {
    answer(result([]));
    renderPage();
    await userEvent.click(screen.getByText('输入企业名称'));
    fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), { target: { value: '某某公司' } });
    await userEvent.click(screen.getByRole('button', { name: '一键匹配' }));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('keeps the button disabled until a customer is chosen or a name typed', async () => {
    renderPage();
    expect(screen.getByRole('button', { name: '一键匹配' })).toBeDisabled();
  });
});

describe('questionnaire fields', () => {
  it('asks each tool its own fields, the shared ones once', () => {
    const names = (tool: 'hts' | 'sme' | 'match') =>
      sectionsFor(tool).flatMap((s) => s.fields.map((f) => f.name));
    expect(names('hts')).toContain('conversions_3y');
    expect(names('hts')).not.toContain('market_share_pct');
    expect(names('sme')).toContain('market_share_pct');
    expect(names('match')).toEqual(
      expect.arrayContaining(['staff_total', 'revenue', 'rd_expense', 'ip_class1']),
    );
    for (const tool of ['hts', 'sme', 'match'] as const)
      expect(new Set(names(tool)).size).toBe(names(tool).length);
  });
});
