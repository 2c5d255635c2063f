// 卡券批次 in the operator console: an admin made with the staff command line signs in with its TOTP code, creates a
// card batch, exports its secrets once (a real download: an .xlsx with a row per card under its header), and is then
// offered the export no more (已导出), while the server refuses a second one. A server of its own (SQLite).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInNewStaff, useConsoleServer } from './support';

test.describe('card batches in the console', () => {
  const server = useConsoleServer();

  test('creates a batch and exports its secrets once', async ({ browser }) => {
    const { context, page } = await signInNewStaff(browser, server(), 'admin', 'cards');

    await page.getByRole('menu').getByText('卡券与优惠券').click();
    await expect(page).toHaveURL(/\/admin\/cards$/);
    await page.getByRole('button', { name: '新建批次' }).click();
    const dialog = page.getByRole('dialog', { name: '新建卡券批次' });
    const name = `旅程卡${Date.now() % 100000}`;
    await dialog.getByLabel('批次名称').fill(name);
    // 工具次数 is the default grant: the tool and its uses.
    await dialog.getByLabel('工具').click();
    await page.getByTitle('高企评分').click();
    await dialog.getByLabel('次数').fill('5');
    await dialog.getByLabel('数量（张）').fill('7');
    await dialog.getByLabel('最后绑定日').fill('2099-12-31');
    await dialog.getByLabel('最后绑定日').press('Enter');
    await dialog.getByLabel('创建原因').fill('渠道合作');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('未导出');
    await row.getByRole('button', { name: '导出卡密' }).click();
    // The confirmation's own button: a locator over every 导出 button of the page could resolve, before the dialog
    // is drawn, to the row's 导出卡密 and open a second confirmation instead.
    const confirm = page.getByRole('dialog').filter({ hasText: '卡密只能导出一次' });
    const download = page.waitForEvent('download');
    await confirm.getByRole('button', { name: /导\s*出/ }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([sheet?.getCell('A1').text, sheet?.getCell('B1').text]).toEqual(['卡号', '卡密']);
    expect(sheet?.getCell('B2').text).toMatch(/^[2-9A-Z]{16}$/);
    expect(sheet?.actualRowCount).toBe(8);

    // Offered no more, and refused by the server all the same.
    await expect(row.getByRole('button', { name: '已导出' })).toBeDisabled();
    await expect(row).toContainText('已导出');
    const id = (await row.textContent())?.match(/#(\d+)/)?.[1];
    const again = await page.request.post(`/api/admin/card-batches/${id}/secrets/`, {
      headers: { 'content-type': 'application/json' },
      data: {},
    });
    expect(again.status()).toBe(410);
    expect((await again.json()).message).toBe('该批次的卡密已导出过，卡密只能导出一次');
    await context.close();
  });
});
