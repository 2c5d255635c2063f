import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bookPath,
  CUSTOMER_BOOK_API,
  type CustomerNote,
  HOME_API,
  HOME_STATS_API,
  MSG,
  shanghaiDate,
} from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../../test/api';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import { CUSTOMER_ROW, TAGS } from '../testing';
import { CustomerDrawer } from './customer-drawer';

const NOTE: CustomerNote = {
  id: 31,
  content: '电话沟通<b>研发</b>费用归集',
  noted_on: '2026-01-20',
  author: '张经理',
  created_at: '2026-01-20T02:00:00.000Z',
};

function answer(notes: CustomerNote[], info: { publicity?: unknown[]; projects?: unknown[] } = {}) {
  mockApi({
    get: {
      [HOME_API.cusData]: () => CUSTOMER_ROW,
      // The other sections are not what these tests read: they fail on their own.
      [HOME_STATS_API.patentByCustomer]: () => httpError(500),
      [HOME_API.grade]: () => httpError(500),
      [HOME_API.cusAllInfo]: () => ({
        customer: CUSTOMER_ROW,
        publicity: info.publicity ?? [],
        qualifications: [],
        projects: info.projects ?? [],
      }),
      [CUSTOMER_BOOK_API.tags]: () => TAGS,
      [bookPath(CUSTOMER_BOOK_API.notes, { id: 7 })]: () => notes,
    },
    post: {
      [bookPath(CUSTOMER_BOOK_API.notes, { id: 7 })]: (body) => ({
        ...NOTE,
        id: 32,
        content: body.content,
        noted_on: body.noted_on,
      }),
      [bookPath(CUSTOMER_BOOK_API.customerTags, { id: 7 })]: (body) => ({ tags: body.tags }),
    },
    delete: { [bookPath(CUSTOMER_BOOK_API.note, { id: 7, note_id: 31 })]: () => null },
  });
}

beforeEach(() => signIn());

describe('CustomerDrawer, the notices', () => {
  it('opens the notice of a matched project and of a publicity entry when it is known', async () => {
    answer([], {
      projects: [
        {
          mid: 1,
          name: '2026年深圳市企业研究开发资助计划',
          dept_name: '深圳市科技创新委员会',
          start_time: '2026-11-01T02:00:00.000Z',
          item_id: 41,
        },
        {
          mid: 2,
          name: '2026年深圳市知识产权资助（发明专利）',
          dept_name: '深圳市市场监督管理局',
          start_time: '2026-11-02T02:00:00.000Z',
          item_id: null,
        },
      ],
      publicity: [
        {
          identityid: 'GS1',
          title: '关于深圳市2026年第2批拟认定高新技术企业名单的公示',
          companyname: CUSTOMER_ROW.cus_name,
          dept: '深圳市科技创新委员会',
          publishtime: '2026-11-01T02:00:00.000Z',
          qualification: '高新技术企业',
          item_id: 52,
        },
      ],
    });
    renderApp(<CustomerDrawer userId={7} id={7} onClose={() => {}} />);
    const projects = await screen.findByTestId('customer-projects');
    expect(
      await within(projects).findByRole('link', { name: '2026年深圳市企业研究开发资助计划' }),
    ).toHaveAttribute('href', '/policy/detail?id=41');
    expect(within(projects).getByText('2026年深圳市知识产权资助（发明专利）')).toBeInTheDocument();
    expect(within(projects).queryByRole('link', { name: '2026年深圳市知识产权资助（发明专利）' })).toBeNull();
    expect(
      within(screen.getByTestId('customer-publicity')).getByRole('link', {
        name: '关于深圳市2026年第2批拟认定高新技术企业名单的公示',
      }),
    ).toHaveAttribute('href', '/policy/detail?id=52');
  });
});

describe('CustomerDrawer, the book parts', () => {
  it('shows the notes as plain text, adds one dated today and deletes one after a confirmation', async () => {
    answer([NOTE]);
    renderApp(<CustomerDrawer userId={7} id={7} onClose={() => {}} />);
    const notes = await screen.findByTestId('customer-notes');
    const item = await within(notes).findByTestId('customer-note');
    // The content is text, never markup.
    expect(item).toHaveTextContent('电话沟通<b>研发</b>费用归集');
    expect(item).toHaveTextContent('2026-01-20');
    expect(item).toHaveTextContent('张经理');

    const user = userEvent.setup();
    await user.click(within(notes).getByRole('button', { name: /添加记录/ }));
    expect(await within(notes).findByText(MSG.noteRequired)).toBeInTheDocument();
    await user.type(within(notes).getByLabelText('跟进内容'), '上门拜访，确认申报意向');
    await user.click(within(notes).getByRole('button', { name: /添加记录/ }));
    expect(await screen.findByText('跟进记录已保存')).toBeInTheDocument();
    expect(requests('post', bookPath(CUSTOMER_BOOK_API.notes, { id: 7 })).map((c) => c.body)).toEqual([
      { content: '上门拜访，确认申报意向', noted_on: shanghaiDate(Date.now()) },
    ]);

    await user.click(within(item).getByRole('button', { name: '删除 2026-01-20 的跟进记录' }));
    const pop = (await screen.findByText('删除这条跟进记录？')).closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('跟进记录已删除')).toBeInTheDocument();
    expect(requests('delete')).toHaveLength(1);
  });

  it('saves the tags on each change', async () => {
    answer([]);
    renderApp(<CustomerDrawer userId={7} id={7} onClose={() => {}} />);
    const section = await screen.findByTestId('customer-tags-section');
    await waitFor(() => expect(within(section).getByText('重点客户')).toBeInTheDocument());
    const user = userEvent.setup();
    // A comma ends a tag as Enter does (jsdom draws no dropdown for Enter to pick from).
    await user.type(within(section).getByRole('combobox', { name: '客户标签' }), '新签约，');
    expect(await screen.findByText('标签已保存')).toBeInTheDocument();
    expect(requests('post', bookPath(CUSTOMER_BOOK_API.customerTags, { id: 7 })).map((c) => c.body)).toEqual([
      { tags: ['重点客户', '新签约'] },
    ]);
    expect(await screen.findByText('暂无跟进记录')).toBeInTheDocument();
  });
});
