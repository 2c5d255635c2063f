import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyFacts,
  evaluateHightech,
  type HtsScoreResult,
  MSG,
  type MyTool,
  POLICY_TOOLS_API,
  TOOLS_API,
  type UseCost,
} from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { HtsScorePage } from './hts-score-page';

const COMPANY = '深圳市待补充科技有限公司';

/** 高企评分 paid per use, with `credits` left. */
const paidPerUse = (credits: number): MyTool[] => [
  {
    code: 'hts_score',
    name: '高企评分',
    description: '高企评分的说明',
    kind: 'policy',
    path: '/hts/identification/score',
    url: null,
    source: 'credits',
    included_level: 20,
    expires_at: '2027-11-26T04:00:00.000Z',
    credits,
    buyable: true,
  },
];

const result = (cost: UseCost): HtsScoreResult => {
  const facts = emptyFacts();
  return {
    subject: { customer_id: null, cus_name: COMPANY },
    as_of: '2026-11-29',
    facts,
    evaluation: evaluateHightech(facts, '2026-11-29'),
    cost,
  };
};

/** The score answers `cost`; the member holds `before` uses, then `after` once it evaluated. */
function answer(cost: UseCost, before: number, after: number) {
  let evaluated = false;
  mockApi({
    get: {
      [POLICY_TOOLS_API.customerSearch]: () => [],
      [POLICY_TOOLS_API.companyFacts]: () => ({ company_name: COMPANY, saved: false, facts: emptyFacts() }),
      [TOOLS_API.mine]: () => paidPerUse(evaluated ? after : before),
    },
    post: {
      [POLICY_TOOLS_API.htsScore]: () => {
        evaluated = true;
        return result(cost);
      },
    },
  });
}

async function scoreTypedCompany() {
  renderApp(<HtsScorePage title="高企评分" />, { path: '/score' });
  await userEvent.click(screen.getByText('输入企业名称'));
  fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), { target: { value: COMPANY } });
  await userEvent.click(screen.getByRole('button', { name: '下一步' }));
  await userEvent.click(await screen.findByRole('button', { name: '开始评分' }));
  return screen.findByTestId('hts-result');
}

beforeEach(() => {
  signIn();
});

describe('HtsScorePage paid per use', () => {
  it('says a result waiting for answers took no use, and the uses left stay', async () => {
    answer('incomplete', 3, 3);
    await scoreTypedCompany();
    const note = screen.getByTestId('use-cost');
    expect(within(note).getByText(MSG.useIncomplete)).toBeInTheDocument();
    expect(screen.getByTestId('credits-left')).toHaveTextContent('按次使用 · 剩余 3 次');
    expect(requests('post', POLICY_TOOLS_API.htsScore)).toHaveLength(1);
  });

  it('says a complete result took one use, and shows the uses left after it', async () => {
    answer('credit', 3, 2);
    await scoreTypedCompany();
    expect(within(screen.getByTestId('use-cost')).getByText('本次评测已扣减 1 次')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credits-left')).toHaveTextContent('按次使用 · 剩余 2 次'));
  });

  it('shows no cost to a member whose level includes the tool', async () => {
    answer('none', 0, 0);
    await scoreTypedCompany();
    expect(screen.queryByTestId('use-cost')).not.toBeInTheDocument();
  });
});
