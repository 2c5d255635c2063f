import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FundingRow, HOME_API, MSG, type Page } from '@uc/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply, requests } from '../../../test/api';
import { signIn } from '../../../test/session';
import { renderOnDashboard } from '../testing';
import { FundingCard } from './funding-card';

// echarts draws on a canvas, which jsdom has not: the chart is a named image here.
vi.mock('../../../components/charts/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const ROWS: FundingRow[] = [
  { id: 11, projectname: '深圳市科技创新专项资金', depname: '深圳市科技创新委员会', amount: 120 },
  { id: 12, projectname: '高新技术企业培育资助', depname: '深圳市工业和信息化局', amount: 30.5 },
];

const ok = (data: unknown) => reply({ code: 200, message: '操作成功', data });
const saved = () => ok({ ...ROWS[0] });

beforeEach(() => {
  signIn({ level: 22 });
  const page: Page<FundingRow> = { list: ROWS, total: 2, page: 1, size: 5 };
  mockApi({
    get: {
      [HOME_API.fundingList]: () => ok(page),
      [HOME_API.fundingSummary]: () => ok([{ dept_name: '深圳市科技创新委员会', amount: 120, count: 1 }]),
    },
    post: { [HOME_API.fundingSave]: saved, [HOME_API.fundingDelete]: saved },
  });
});

async function renderCard() {
  const user = userEvent.setup();
  renderOnDashboard(<FundingCard userId={7} loggedIn />);
  await screen.findByText('深圳市科技创新专项资金');
  return user;
}

function dialog() {
  return screen.getByRole('dialog');
}

describe('FundingCard', () => {
  it('shows the records and the summary chart', async () => {
    await renderCard();
    expect(screen.getByRole('img', { name: '各部门资助金额与项目数' })).toBeInTheDocument();
    expect(screen.getByText('30.5')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('needs exactly one selected row to edit', async () => {
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: /编辑/ }));
    expect(await screen.findByText(MSG.selectOne)).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: /编辑/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('needs at least one selected row to delete, then confirms and posts the ids', async () => {
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByText(MSG.selectAtLeastOne)).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByText(/确定删除选中的 2 条资助记录吗/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(requests('post')).not.toHaveLength(0));
    const [sent] = requests('post');
    expect(sent?.path).toBe('/tools/api/DelPublicityListById/');
    expect(sent?.text).toBe('ids=11%2C12');
  });

  it('shows every validation message of the dialog', async () => {
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: /新增/ }));
    expect(within(dialog()).getByText('新增')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect(await within(dialog()).findByText(MSG.fundingProjectNameRequired)).toBeInTheDocument();
    expect(within(dialog()).getByText(MSG.fundingDepNameRequired)).toBeInTheDocument();
    expect(within(dialog()).getByText(MSG.fundingAmountRequired)).toBeInTheDocument();

    await user.type(within(dialog()).getByLabelText('项目名称'), '项'.repeat(51));
    await user.type(within(dialog()).getByLabelText('资助金额(万元)'), 'abc');
    expect(await within(dialog()).findByText(MSG.fundingProjectNameLength)).toBeInTheDocument();
    expect(await within(dialog()).findByText(MSG.fundingAmountNumeric)).toBeInTheDocument();
    expect(requests('post')).toHaveLength(0);
  });

  it('adds a record with the form fields', async () => {
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: /新增/ }));
    await user.type(within(dialog()).getByLabelText('项目名称'), '研发投入补助');
    await user.type(within(dialog()).getByLabelText('资助部门'), '深圳市科技创新委员会');
    await user.type(within(dialog()).getByLabelText('资助金额(万元)'), '88.5');
    await user.click(within(dialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(requests('post')).not.toHaveLength(0));
    const [sent] = requests('post');
    expect(sent?.path).toBe('/tools/api/SavePublicity/');
    expect(Object.fromEntries(new URLSearchParams(sent?.text))).toEqual({
      projectName: '研发投入补助',
      depName: '深圳市科技创新委员会',
      amount: '88.5',
    });
  });

  it('edits the selected record, titled 编辑 and filled in, posting its id', async () => {
    const user = await renderCard();
    await user.click(screen.getAllByRole('checkbox')[2]!);
    await user.click(screen.getByRole('button', { name: /编辑/ }));
    expect(within(dialog()).getByText('编辑')).toBeInTheDocument();
    const amount = within(dialog()).getByLabelText('资助金额(万元)');
    expect(amount).toHaveValue('30.5');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(requests('post')).not.toHaveLength(0));
    const body = new URLSearchParams(requests('post')[0]?.text);
    expect(body.get('id')).toBe('12');
    expect(body.get('amount')).toBe('40');
    expect(body.get('projectName')).toBe('高新技术企业培育资助');
  });
});
