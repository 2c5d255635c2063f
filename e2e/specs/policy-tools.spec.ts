// The policy tools for a VIP member (demouser): each page from one of its customers to a result; a trial user gets
// the VIP no-permission page for the VIP tools.
import { expect, test } from '@playwright/test';
import { expectChartDrawn, login, pickCustomer, TRIAL } from './support';

test.describe('demouser', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('高企评分: a customer, the questionnaire, the score with radar, conditions and advice', async ({
    page,
  }) => {
    await page.goto('/usercenter/hts/identification/score');
    await pickCustomer(page, '下一步');
    await expect(page.getByText('已根据平台数据预填')).toBeVisible();
    await page.getByLabel('近三年科技成果转化（项）').fill('14');
    await page.getByRole('button', { name: '开始评分' }).click();
    const result = page.getByTestId('hts-result');
    await expect(result.getByText('创新能力评价得分')).toBeVisible();
    await expect(result.getByRole('heading', { name: '认定条件' })).toBeVisible();
    await expect(result.getByText('注册成立一年以上')).toBeVisible();
    await expect(result.getByText('科技成果转化（近3年年均）')).toBeVisible();
    await expectChartDrawn(page, 'hts-result');
    await expect(page.getByRole('button', { name: '打印结果' })).toBeVisible();
    // The next visit starts from the saved answers.
    await page.getByRole('button', { name: '修改资料' }).click();
    await expect(page.getByLabel('近三年科技成果转化（项）')).toHaveValue('14');
  });

  test('专精特新评测: a customer to the three 梯度 levels', async ({ page }) => {
    await page.goto('/usercenter/specialization_new/evaluation/accreditation');
    await pickCustomer(page, '下一步');
    await page.getByLabel('职工总数（人）').fill('120');
    await page.getByRole('button', { name: '开始评测' }).click();
    const result = page.getByTestId('sme-result');
    await expect(result.getByRole('button', { name: /创新型中小企业/ })).toBeVisible();
    await expect(result.getByRole('button', { name: /专精特新中小企业/ })).toBeVisible();
    await expect(result.getByRole('button', { name: /小巨人/ })).toBeVisible();
    await expect(result.getByRole('list', { name: '与下一梯度的差距' })).toBeVisible();
  });

  test('快速匹配: a customer to its open policies in one click', async ({ page }) => {
    await page.goto('/usercenter/smart/match/policy/fast');
    await pickCustomer(page, '一键匹配');
    const result = page.getByTestId('match-result');
    await expect(result.getByText('完全匹配').first()).toBeVisible();
    await expect(result.getByText(/匹配日期/)).toBeVisible();
  });

  test('精准匹配: a customer, the questionnaire, the match list and its .xlsx', async ({ page }) => {
    await page.goto('/usercenter/smart/match/policy/exact');
    await pickCustomer(page, '下一步');
    await page.getByLabel('职工总数（人）').fill('80');
    await page.getByRole('button', { name: '开始匹配' }).click();
    const result = page.getByTestId('match-result');
    await expect(result.getByText(/匹配日期/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^政策匹配-.+\.xlsx$/);
  });

  test('按政策找客户: pick an open policy, see the matching customers, filter and export', async ({
    page,
  }) => {
    await page.goto('/usercenter/smart/match/policy/fast');
    await page.getByRole('tab', { name: '按政策找客户' }).click();
    const panel = page.getByTestId('customers-by-policy');
    await expect(panel.getByText('请选择政策项目')).toBeVisible();
    const picker = panel.getByRole('combobox', { name: '选择政策项目' });
    await picker.click();
    await picker.fill('深圳市');
    const option = page.locator('.ant-select-item-option').first();
    await expect(option).toBeVisible();
    await option.click();
    const table = panel.getByRole('table');
    await expect(panel.getByText(/共 \d+ 家/)).toBeVisible();
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(table.getByText(/^(完全匹配|部分匹配)$/).first()).toBeVisible();
    // Conditions met carry a check mark.
    await expect(table.getByText(/^✓ /).first()).toBeVisible();
    // Only the partial matches.
    await panel.getByRole('combobox', { name: '匹配结果筛选' }).click();
    await page.locator('.ant-select-item-option[title="部分匹配"]').click();
    await expect(table.getByText('完全匹配')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: '导出Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^政策客户匹配-\d+.*\.xlsx$/);
  });

  test('清空已保存的答案: a customer’s saved answers are cleared back to the prefill', async ({ page }) => {
    await page.goto('/usercenter/hts/identification/score');
    await pickCustomer(page, '下一步');
    await page.getByLabel('近三年科技成果转化（项）').fill('9');
    await page.getByRole('button', { name: '开始评分' }).click();
    await expect(page.getByTestId('hts-result')).toBeVisible();
    await page.getByRole('button', { name: '修改资料' }).click();
    await expect(page.getByLabel('近三年科技成果转化（项）')).toHaveValue('9');
    await page.getByRole('button', { name: '清空已保存的答案' }).click();
    await page.getByRole('button', { name: '清空', exact: true }).click();
    await expect(page.getByLabel('近三年科技成果转化（项）')).toHaveValue('');
    await expect(page.getByRole('button', { name: '清空已保存的答案' })).toHaveCount(0);
  });

  test('a typed company’s answers are kept for the next visit with the same name, and cleared', async ({
    page,
  }) => {
    const name = `深圳市试用${Date.now()}科技有限公司`;
    const typeName = async () => {
      await page.getByText('输入企业名称').click();
      await page.getByRole('textbox', { name: '企业名称' }).fill(name);
      await page.getByRole('button', { name: '下一步' }).click();
    };
    await page.goto('/usercenter/specialization_new/evaluation/accreditation');
    await typeName();
    await page.getByLabel('职工总数（人）').fill('120');
    await page.getByRole('button', { name: '开始评测' }).click();
    await expect(page.getByTestId('sme-result')).toBeVisible();
    await page.goto('/usercenter/specialization_new/evaluation/accreditation');
    await typeName();
    await expect(page.getByLabel('职工总数（人）')).toHaveValue('120');
    await page.getByRole('button', { name: '清空已保存的答案' }).click();
    await page.getByRole('button', { name: '清空', exact: true }).click();
    await expect(page.getByLabel('职工总数（人）')).toHaveValue('');
  });
});

test('a trial user gets the VIP no-permission page for the VIP tools, with 购买次数 of the tool', async ({
  page,
}) => {
  await login(page, TRIAL);
  for (const [path, tool] of [
    ['/usercenter/smart/match/policy/exact', 'match_exact'],
    ['/usercenter/hts/identification/score', 'hts_score'],
    ['/usercenter/specialization_new/evaluation/accreditation', 'sme_evaluation'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/usercenter/vip-no-permission\\?tool=${tool}$`));
    await expect(page.getByRole('link', { name: '购买次数' })).toHaveAttribute(
      'href',
      `/usercenter/tools/buy?tool=${tool}`,
    );
  }
});
