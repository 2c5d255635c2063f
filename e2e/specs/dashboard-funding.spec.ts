// The funding records card: the dialog's validation messages, then add, edit and delete against the database.
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { FundingRow, FundingSummaryRow, Page as ListPage } from '@uc/shared';
import { apiData, bringIntoView, expectChartDrawn, login } from './support';

const LIST = '/tools/api/GetPublicityListByUser/';
const SUMMARY = '/tools/api/GetAmountSummaryByCompany/';

async function rows(page: Page) {
  return apiData<ListPage<FundingRow>>(page, LIST, { page: 1, size: 100 });
}

function rowOf(card: Locator, projectName: string) {
  return card.getByRole('row').filter({ hasText: projectName });
}

test('the funding dialog validates, adds, edits and deletes a record; the chart follows', async ({
  page,
}) => {
  await login(page);
  const card = page.getByTestId('card-funding');
  await bringIntoView(card);
  const before = await rows(page);
  await expect(card.getByText(`共 ${before.total} 条`)).toBeVisible();
  const summary = await apiData<FundingSummaryRow[]>(page, SUMMARY);
  if (summary.length > 0) await expectChartDrawn(page, 'card-funding');

  // Edit and delete need a selection.
  await card.getByRole('button', { name: /编辑/ }).click();
  await expect(page.getByText('请选择一条数据')).toBeVisible();
  await card.getByRole('button', { name: /删除/ }).click();
  await expect(page.getByText('请至少选择一条数据')).toBeVisible();

  // 新增: every validation message, then a valid record.
  await card.getByRole('button', { name: /新增/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('新增', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入项目名称')).toBeVisible();
  await expect(dialog.getByText('请输入资助部门')).toBeVisible();
  await expect(dialog.getByText('资助金额不能为空')).toBeVisible();
  await dialog.getByLabel('项目名称').fill('测'.repeat(51));
  await expect(dialog.getByText('项目名称长度为1-50个字符')).toBeVisible();
  await dialog.getByLabel('资助部门').fill('门'.repeat(51));
  await expect(dialog.getByText('资助部门长度为1-50个字符')).toBeVisible();
  await dialog.getByLabel('资助金额(万元)').fill('十万');
  await expect(dialog.getByText('请输入数字值')).toBeVisible();

  const project = `E2E研发投入补助${Date.now() % 100000}`;
  await dialog.getByLabel('项目名称').fill(project);
  await dialog.getByLabel('资助部门').fill('深圳市科技创新局');
  await dialog.getByLabel('资助金额(万元)').fill('88.5');
  const summaryRefresh = page.waitForResponse((r) => r.url().includes('GetAmountSummaryByCompany'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await summaryRefresh;
  await expect(rowOf(card, project)).toBeVisible();
  await expect(rowOf(card, project)).toContainText('88.5');
  await expect(card.getByText(`共 ${before.total + 1} 条`)).toBeVisible();
  const added = (await rows(page)).list.find((r) => r.projectname === project);
  expect(added).toMatchObject({ depname: '深圳市科技创新局', amount: 88.5 });
  const chart = await apiData<FundingSummaryRow[]>(page, SUMMARY);
  expect(chart.find((r) => r.dept_name === '深圳市科技创新局')?.amount).toBeGreaterThanOrEqual(88.5);
  await expectChartDrawn(page, 'card-funding');

  // 编辑: exactly one row, the dialog filled in.
  await rowOf(card, project).getByRole('checkbox').check();
  await card.getByRole('button', { name: /编辑/ }).click();
  await expect(dialog.getByText('编辑', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('项目名称')).toHaveValue(project);
  await dialog.getByLabel('资助金额(万元)').fill('');
  await expect(dialog.getByText('资助金额不能为空')).toBeVisible();
  await dialog.getByLabel('资助金额(万元)').fill('120');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(card, project)).toContainText('120');
  expect((await rows(page)).list.find((r) => r.id === added?.id)?.amount).toBe(120);

  // Two rows selected: edit refuses (the seeded records give the second row).
  await rowOf(card, project).getByRole('checkbox').check();
  if (before.total > 0) {
    const other = card.getByRole('row').nth(2);
    await other.getByRole('checkbox').check();
    await card.getByRole('button', { name: /编辑/ }).click();
    await expect(page.getByText('请选择一条数据')).toBeVisible();
    await other.getByRole('checkbox').uncheck();
  }

  // 删除: confirm, then the row is gone from the page and the database.
  await card.getByRole('button', { name: /删除/ }).click();
  await expect(page.getByText('确定删除选中的 1 条资助记录吗？删除后不可恢复。')).toBeVisible();
  await page.getByRole('button', { name: '删除', exact: true }).last().click();
  await expect(rowOf(card, project)).toHaveCount(0);
  await expect(card.getByText(`共 ${before.total} 条`)).toBeVisible();
  expect((await rows(page)).list.some((r) => r.id === added?.id)).toBe(false);
});
