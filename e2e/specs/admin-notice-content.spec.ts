// 运营后台「内容」: an operator writes a 申报通知 with its body in the rich text editor (a heading, a table and a picture
// uploaded from the toolbar), its 文号 and a PDF attachment, and publishes it; demouser then reads it from the policy
// detail API: the sanitized body with the table and the picture, the 文号, and the attachment, which it downloads.
// The journey starts a server of its own.
import { expect, test } from '@playwright/test';
import {
  apiData,
  DEMO,
  loginWithForm,
  reviewShot,
  sessionToken,
  signInNewStaff,
  useConsoleServer,
} from './support';

/** A one-page PDF and a small PNG, enough for the server's content check. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Detail {
  content: string;
  doc_no: string;
  attachments: { id: number; name: string; url: string }[];
}

test.describe('notice content from the operator console', () => {
  const server = useConsoleServer({});

  test('an operator publishes a notice with a table, a picture and a PDF; a member reads and downloads them', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context: staffContext, page } = await signInNewStaff(browser, server(), 'ops');
    await page.getByRole('menu').getByText('内容', { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);

    const title = `关于组织申报研发资助项目的通知（${Date.now()}）`;
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog', { name: '新建政策' });
    // The body's editor loads after the dialog opens and its arrival moves the form: choose the type once it is there.
    await expect(dialog.locator('.ProseMirror')).toBeVisible();
    await dialog.getByRole('combobox').first().click();
    // The option of the open list (a cell of the table behind the dialog has the same title).
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="申报通知"]').click();
    await expect(dialog.getByTitle('申报通知', { exact: true })).toBeVisible();
    await dialog.getByPlaceholder('政策标题').fill(title);
    await dialog.getByPlaceholder('如 深圳市科技创新委员会').fill('深圳市科技创新局');
    await dialog.getByLabel('文号').fill('深科技创新〔2026〕12号');

    // The body: a heading, a paragraph, a table and a picture.
    const editor = dialog.getByRole('textbox', { name: '正文' });
    await editor.click();
    await dialog.getByRole('button', { name: '标题', exact: true }).click();
    await page.keyboard.type('一、申报条件');
    await page.keyboard.press('Enter');
    await page.keyboard.type('申报单位须在本市注册。');
    await dialog.getByRole('button', { name: '插入表格' }).click();
    await page.keyboard.type('高新技术企业');
    await dialog
      .getByLabel('选择图片')
      .setInputFiles({ name: '示意图.png', mimeType: 'image/png', buffer: PNG });
    await expect(editor.locator('img[src^="/api/ccw/files/"]')).toBeVisible();

    // The attachment.
    await dialog
      .locator('input[type=file][accept*=".pdf"]')
      .setInputFiles({ name: '申报指南.pdf', mimeType: 'application/pdf', buffer: PDF });
    // Uploaded (its name shows while it uploads too; the list's actions only once it is saved).
    await expect(dialog.getByRole('button', { name: '移除 申报指南.pdf' })).toBeVisible();
    await reviewShot(page, 'console-notice-form-1280.png', false);

    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('已发布')).toBeVisible();
    const id = Number((await row.getByRole('cell').first().innerText()).trim());
    if (process.env.SHOTS_DIR) {
      // The form on a phone: the item opened again for 编辑.
      await page.setViewportSize({ width: 390, height: 844 });
      await row.getByRole('button', { name: /编\s*辑/ }).click();
      const edit = page.getByRole('dialog', { name: /编辑/ });
      await expect(edit.getByText('申报指南.pdf')).toBeVisible();
      await edit.getByRole('textbox', { name: '正文' }).scrollIntoViewIfNeeded();
      await reviewShot(page, 'console-notice-form-390.png', false);
      await edit.getByRole('button', { name: /取\s*消/ }).click();
    }
    await staffContext.close();

    // The member reads it.
    const memberContext = await browser.newContext({ baseURL: server().origin });
    const member = await memberContext.newPage();
    await loginWithForm(member, DEMO);
    const detail = await apiData<Detail>(member, '/api/ccw/policy/detail/', { id });
    expect(detail.doc_no).toBe('深科技创新〔2026〕12号');
    expect(detail.content).toContain('<h2>一、申报条件</h2>');
    expect(detail.content).toMatch(/<table>.*<th><p>高新技术企业<\/p>.*<\/table>/);
    expect(detail.content).toMatch(/<img src="\/api\/ccw\/files\/\d+\/"/);
    expect(detail.attachments.map((a) => a.name)).toEqual(['申报指南.pdf']);
    const download = await member.request.get(detail.attachments[0]!.url, {
      headers: { Authorization: `Bearer ${await sessionToken(member)}` },
    });
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toContain('attachment');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await memberContext.close();
  });
});
