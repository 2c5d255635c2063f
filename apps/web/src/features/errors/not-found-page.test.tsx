import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { NotFoundPage } from './not-found-page';

const renderAt = (history: string[]) =>
  renderApp(<NotFoundPage />, {
    path: '/404',
    at: history,
    routes: [{ path: '*', element: <p data-testid="where" /> }],
    client: null,
  });

describe('NotFoundPage (docs/requirements.md §2 "Error pages")', () => {
  it('goes to the dashboard, and says so', async () => {
    const { router } = renderAt(['/news', '/404']);
    expect(screen.getByText('抱歉，您没有权限访问或访问的页面不存在')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('with noGoBack=false goes back two steps, and its button says so', async () => {
    const { router } = renderAt(['/news', '/publicity', '/404?noGoBack=false']);
    expect(screen.queryByRole('link', { name: '返回首页' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /返回上一页/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '后退两页' }));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/news');
  });
});
