import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ContentItem,
  MSG,
  type NoticeFile,
  STAFF_API,
  STAFF_CONTENT_API,
  type StaffRole,
} from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { dialogOpened } from '../../test/dialog';
import { renderConsole, sessionOf } from '../../test/render';

const item = (id: number, over: Partial<ContentItem> = {}): ContentItem => ({
  id,
  type: 'zcdt',
  title: `深圳市数字经济政策 ${id}`,
  dept: '深圳市科技创新委员会',
  city: '440300',
  area: null,
  industry: null,
  publish_at: '2026-11-26T02:00:00.000Z',
  end_at: null,
  state: 'published',
  matched: 3,
  withdrawn_at: null,
  withdraw_reason: null,
  doc_no: '',
  source_url: '',
  ...over,
});

const pageOf = (list: ContentItem[]) => ({ list, total: list.length, page: 1, size: 20 });

function routes(
  role: StaffRole,
  list: ContentItem[],
  post: Record<string, (b: Record<string, unknown>) => unknown> = {},
) {
  mockApi({
    get: { [STAFF_API.me]: () => sessionOf(role), [STAFF_CONTENT_API.list]: () => pageOf(list) },
    post: { [STAFF_CONTENT_API.list]: (b) => item(9, b as Partial<ContentItem>), ...post },
    put: { '/api/admin/content/1/': () => item(1) },
  });
}

/** 新建 opened as ops, with the type, a title and a department filled in: the dialog. */
async function newItem(
  type: string,
  title: string,
  post: Record<string, (b: Record<string, unknown>) => unknown> = {},
) {
  routes('ops', [], post);
  renderConsole('/content');
  await userEvent.click(
    await screen.findByText(/^新\s?建$/, { selector: 'button span' }, { timeout: 15_000 }),
  );
  const dialog = await dialogOpened();
  // The type select.
  const [typeSelect] = within(dialog).getAllByRole('combobox');
  if (!typeSelect) throw new Error('no type select');
  await userEvent.click(typeSelect);
  await userEvent.click(await screen.findByTitle(type));
  fireEvent.change(within(dialog).getByPlaceholderText('政策标题'), { target: { value: title } });
  fireEvent.change(within(dialog).getByPlaceholderText('如 深圳市科技创新委员会'), {
    target: { value: '市工信局' },
  });
  return dialog;
}

// Antd's tables and modals are slow to render on a busy machine: generous waits.
describe('内容', { timeout: 60_000 }, () => {
  it('lists items with their state and push count', async () => {
    routes('ops', [item(1), item(2, { state: 'scheduled', matched: null, title: '<b>定时</b>' })]);
    renderConsole('/content');
    expect(await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 30_000 })).toBeInTheDocument();
    // User text shows as text, never as HTML.
    expect(screen.getByText('<b>定时</b>')).toBeInTheDocument();
    expect(screen.getByText('待发布')).toBeInTheDocument();
    expect(screen.getByText('未推送')).toBeInTheDocument();
    expect(screen.getAllByText('深圳市').length).toBeGreaterThan(0);
  });

  it('publishes a new item now', async () => {
    const dialog = await newItem('政策动态', '新政策');
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(requests('post', STAFF_CONTENT_API.list)).toHaveLength(1));
    expect(requests('post', STAFF_CONTENT_API.list)[0]?.body).toEqual({
      type: 'zcdt',
      title: '新政策',
      dept: '市工信局',
      city: null,
      area: null,
      industry: null,
      publish_at: null,
      end_at: null,
      content: '',
      doc_no: '',
      source_url: '',
      attachments: [],
    });
  });

  it('holds 发布 back while an attachment is still uploading, then publishes it with the file', async () => {
    let uploaded: (file: NoticeFile) => void = () => {};
    const upload = new Promise<NoticeFile>((resolve) => {
      uploaded = resolve;
    });
    const dialog = await newItem('政策动态', '带附件的政策', { [STAFF_CONTENT_API.files]: () => upload });
    const input = dialog.querySelector<HTMLInputElement>('input[type=file][accept*=".pdf"]');
    if (!input) throw new Error('no attachment input');
    await userEvent.upload(input, new File(['%PDF-1.4'], '申报指南.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    expect(await within(dialog).findByText(MSG.attachmentsUploading)).toBeInTheDocument();
    expect(requests('post', STAFF_CONTENT_API.list)).toHaveLength(0);

    uploaded({
      id: 31,
      name: '申报指南.pdf',
      size: 8,
      mime: 'application/pdf',
      kind: 'attachment',
      url: '/api/ccw/files/31/',
    });
    await waitFor(() => expect(within(dialog).queryByText(MSG.attachmentsUploading)).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(requests('post', STAFF_CONTENT_API.list)).toHaveLength(1));
    expect(requests('post', STAFF_CONTENT_API.list)[0]?.body).toMatchObject({ attachments: [31] });
  });

  it('publishes a 公示公告 with its 文号 and 公示名单 pasted from Excel, shown in a preview table', async () => {
    const dialog = await newItem('公示公告', '专精特新名单公示');
    fireEvent.change(within(dialog).getByLabelText('文号'), { target: { value: '深工信〔2026〕8号' } });
    fireEvent.change(await within(dialog).findByLabelText('公示名单'), {
      target: {
        value:
          '企业名称\t统一社会信用代码\t资质\n甲公司\t91440300ma5f000001\t专精特新\n乙公司\t\t创新型中小企业',
      },
    });
    expect(await within(dialog).findByText('共 2 家企业')).toBeInTheDocument();
    expect(within(dialog).getByText('91440300MA5F000001')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(requests('post', STAFF_CONTENT_API.list)).toHaveLength(1));
    expect(requests('post', STAFF_CONTENT_API.list)[0]?.body).toMatchObject({
      type: 'gsgg',
      doc_no: '深工信〔2026〕8号',
      publicity: [
        { companyname: '甲公司', identityid: '91440300MA5F000001', qualification: '专精特新' },
        { companyname: '乙公司', identityid: '', qualification: '创新型中小企业' },
      ],
    });
  });

  it('loads an item whole to edit it, and shows what the sanitizer removes before saving', async () => {
    const whole = {
      ...item(1),
      content: '<p>正文</p><p onclick="alert(1)">x</p>',
      attachments: [
        {
          id: 5,
          name: '申报指南.pdf',
          mime: 'application/pdf',
          size: 2048,
          kind: 'attachment',
          url: '/api/ccw/files/5/',
        },
      ],
      publicity: [],
    };
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('ops'),
        [STAFF_CONTENT_API.list]: () => pageOf([item(1)]),
        '/api/admin/content/1/': () => whole,
      },
      post: {
        [STAFF_CONTENT_API.sanitize]: () => ({ content: '<p>正文</p><p>x</p>', removed: ['onclick 属性'] }),
      },
      put: { '/api/admin/content/1/': () => whole },
    });
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^编\s?辑$/, { selector: 'button span' }));
    expect(await screen.findByText('申报指南.pdf', {}, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('onclick 属性')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '移除并保存' }));
    await waitFor(() => expect(requests('put', '/api/admin/content/1/')).toHaveLength(1));
    // The body as loaded, or as the editor re-wrote it if its code arrived first (it drops the handler itself).
    expect(requests('put', '/api/admin/content/1/')[0]?.body).toMatchObject({
      content: expect.stringMatching(/^<p>正文<\/p><p( onclick="alert\(1\)")?>x<\/p>$/),
      attachments: [5],
    });
  });

  it('shows the server’s refusal', async () => {
    routes('ops', [item(1)], {
      '/api/admin/content/1/withdraw/': () => httpError(400, MSG.contentWithdrawn, 10001),
    });
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^撤\s?回$/, { selector: 'button span' }));
    const dialog = await dialogOpened();
    fireEvent.change(within(dialog).getByLabelText('撤回原因'), { target: { value: '信息有误' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText(MSG.contentWithdrawn)).toBeInTheDocument();
    expect(requests('post', '/api/admin/content/1/withdraw/')[0]?.body).toEqual({ reason: '信息有误' });
  });

  it('previews an item as plain text', async () => {
    routes('service', [item(1, { end_at: '2026-12-31T08:00:00.000Z' })]);
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText(/^预\s?览$/, { selector: 'button span' }));
    const drawer = await dialogOpened();
    expect(within(drawer).getByText('订阅项目列表')).toBeInTheDocument();
    expect(within(drawer).getAllByText('2026-12-31').length).toBeGreaterThan(0);
  });

  it('hides 新建, 编辑 and 撤回 from a role without content.write', async () => {
    routes('service', [item(1)]);
    renderConsole('/content');
    await screen.findByText('深圳市数字经济政策 1', {}, { timeout: 15_000 });
    expect(screen.queryByText(/^新\s?建$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^编\s?辑$/, { selector: 'button span' })).toBeNull();
    expect(screen.queryByText(/^撤\s?回$/, { selector: 'button span' })).toBeNull();
  });
});
