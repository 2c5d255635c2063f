// The customer book of a new member (docs/decisions.md "customers", "The customer book"): the dashboard's first step,
// adding customers from the company registry, importing a file with its progress and counts, the dashboard filling,
// a tag and its filter, a follow-up note, and removing a customer.
import { expect, type Page, test } from '@playwright/test';
import { type CompanySearchPage, CUSTOMER_BOOK_API, type CustomerQuota } from '@uc/shared';
import ExcelJS from 'exceljs';
import { apiData, registerCompany } from './support';

async function importFile(rows: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户导入');
  sheet.addRow(['企业名称或统一社会信用代码']);
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const quotaText = (page: Page) => page.getByTestId('customer-quota');

test('a new member adds, imports, tags, notes and removes customers, and the dashboard follows', async ({
  page,
}) => {
  test.slow();
  await registerCompany(page, 'book', 'Book2024ab');

  // The dashboard of a member without customers: the first step instead of the empty charts.
  const step = page.getByTestId('card-first-step');
  await expect(step.getByText('添加您的第一批客户')).toBeVisible();
  await expect(page.getByTestId('card-industry')).toHaveCount(0);

  // 添加客户 opens 我的客户 with its dialog: three companies found by 科技.
  await step.getByRole('link', { name: /添加客户/ }).click();
  await expect(page).toHaveURL(/\/usercenter\/customer\/list$/);
  const add = page.getByRole('dialog', { name: '添加客户' });
  await add.getByRole('textbox', { name: '搜索企业' }).fill('科');
  await expect(add.getByText('请至少输入2个字')).toBeVisible();
  await add.getByRole('textbox', { name: '搜索企业' }).fill('科技');
  const rows = add.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < 3; i += 1) await rows.nth(i).getByRole('checkbox').check();
  await add.getByRole('button', { name: '添加（3）' }).click();
  await expect(page.getByText('已添加3家客户')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(page.getByTestId('customer-total')).toHaveText('共 3 家客户');
  await expect(quotaText(page)).toContainText('已有 3 / 上限');

  // 批量导入: two new companies (a name and a credit code), one already a customer, one unknown name.
  const found = await apiData<CompanySearchPage>(page, CUSTOMER_BOOK_API.search, {
    q: '科技',
    page: 2,
    size: 10,
  });
  const fresh = found.list.filter((c) => c.customer_id === null);
  const [first, second] = fresh;
  if (!first || !second) throw new Error('the registry answered too few companies for 科技');
  const already = (
    await apiData<CompanySearchPage>(page, CUSTOMER_BOOK_API.search, { q: '科技', size: 10 })
  ).list.find((c) => c.customer_id !== null);
  if (!already) throw new Error('no added company in the search');
  const file = await importFile([first.name, second.credit_code, already.name, '并不存在的测试企业有限公司']);

  await page.getByRole('button', { name: '批量导入' }).click();
  const dialog = page.getByRole('dialog', { name: '批量导入客户' });
  await expect(dialog.getByRole('button', { name: /下载模板/ })).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: '客户导入.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  const counts = dialog.getByTestId('import-counts');
  await expect(counts).toBeVisible();
  await expect(counts).toContainText(/新增\s*2\s*家/);
  await expect(counts).toContainText(/重复\s*1\s*家/);
  await expect(counts).toContainText(/未找到\s*1\s*家/);
  await expect(counts).toContainText(/失败\s*0\s*家/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下载结果/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^客户导入结果.*\.xlsx$/);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('customer-total')).toHaveText('共 5 家客户');

  // The dashboard now draws the customers (the first step is gone).
  await page.goto('/usercenter/dashboard');
  await expect(
    page.getByTestId('card-customers').getByRole('link', { name: '服务客户总数 5 家' }),
  ).toBeVisible();
  await expect(page.getByTestId('card-industry')).toBeVisible();
  await expect(page.getByTestId('card-first-step')).toHaveCount(0);

  // A tag on one customer, then the list filtered by it; a note in the same drawer.
  await page.goto('/usercenter/customer/list');
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  const name = (await firstRow.locator('.customer-name-link').textContent()) ?? '';
  await firstRow.locator('.customer-name-link').click();
  const drawer = page.getByTestId('customer-drawer');
  const tags = drawer.getByRole('combobox', { name: '客户标签' });
  await tags.fill('重点');
  await tags.press('Enter');
  await expect(page.getByText('标签已保存')).toBeVisible();
  await drawer.getByLabel('跟进内容').fill('电话沟通，客户有意申报高新技术企业');
  await drawer.getByRole('button', { name: /添加记录/ }).click();
  await expect(drawer.getByTestId('customer-note').first()).toContainText(
    '电话沟通，客户有意申报高新技术企业',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('combobox', { name: '标签' }).click();
  await page.locator('.ant-select-item-option', { hasText: '重点（1）' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/tag=%E9%87%8D%E7%82%B9/);
  await expect(page.getByTestId('customer-total')).toHaveText('共 1 家客户');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody').getByText(name)).toBeVisible();

  // Removing it (after the confirmation) drops the count.
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page.getByTestId('customer-total')).toHaveText('共 5 家客户');
  await page.getByRole('checkbox', { name: `选择 ${name}` }).check();
  await page.getByRole('button', { name: '移除客户（1）' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '移除选中的 1 个客户？' });
  await confirm.getByRole('button', { name: /移\s*除/ }).click();
  await expect(page.getByText('已移除1个客户')).toBeVisible();
  await expect(page.getByTestId('customer-total')).toHaveText('共 4 家客户');
  await expect(quotaText(page)).toContainText('已有 4 / 上限');
  const quota = await apiData<CustomerQuota>(page, CUSTOMER_BOOK_API.quota);
  expect(quota.count).toBe(4);
});
