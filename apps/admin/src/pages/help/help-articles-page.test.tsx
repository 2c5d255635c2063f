import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STAFF_API, STAFF_HELP_API, type StaffHelpArticle, type StaffHelpArticleItem } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const item: StaffHelpArticleItem = {
  id: 3,
  topic: 'invoice',
  title: '如何申请发票',
  published: true,
  sort: 1,
  created_at: '2026-11-29T02:00:00.000Z',
  updated_at: '2026-11-29T02:00:00.000Z',
};
const article: StaffHelpArticle = { ...item, content: '<p>在我的订单中申请</p>', removed: [] };
const pageOf = (list: StaffHelpArticleItem[]) => ({ list, total: list.length, page: 1, size: 20 });

describe('帮助文章', () => {
  it('lists the articles, takes one offline and deletes one with a reason', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_HELP_API.list]: () => pageOf([item]),
        '/api/admin/help/articles/3/': () => article,
      },
      put: { '/api/admin/help/articles/3/': (body) => ({ ...article, ...body }) },
      post: { '/api/admin/help/articles/3/delete/': () => null },
    });
    renderConsole('/help');
    const row = (await screen.findByText('如何申请发票')).closest('tr') as HTMLElement;
    expect(within(row).getByText('已发布')).toBeInTheDocument();
    expect(within(row).getByText('发票')).toBeInTheDocument();

    fireEvent.click(within(row).getByLabelText('下线 如何申请发票'));
    await waitFor(() => expect(requests('put', '/api/admin/help/articles/3/')).toHaveLength(1));
    expect(requests('put', '/api/admin/help/articles/3/')[0]?.body).toEqual({
      topic: 'invoice',
      title: '如何申请发票',
      content: '<p>在我的订单中申请</p>',
      sort: 1,
      published: false,
    });

    fireEvent.click(within(row).getByLabelText('删除 如何申请发票'));
    fireEvent.change(await screen.findByLabelText('删除原因'), { target: { value: '内容过期' } });
    fireEvent.click(screen.getByText('删 除', { selector: '.ant-modal-footer button span' }));
    await waitFor(() => expect(requests('post', '/api/admin/help/articles/3/delete/')).toHaveLength(1));
    expect(requests('post', '/api/admin/help/articles/3/delete/')[0]?.body).toEqual({ reason: '内容过期' });
  });
});
