import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PUSH_SETTINGS, MSG, type PushConfig } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/http';
import { resetAuthStore, useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';
import { SubSettingsPage } from './sub-settings-page';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn(), post: vi.fn() } }));

const config: PushConfig = {
  ...DEFAULT_PUSH_SETTINGS,
  types: ['sbtz'],
  keywords: ['补贴'],
  saved: true,
  updated_at: '2026-11-24T02:00:00.000Z',
  dept_options: ['深圳市科技创新委员会'],
};

function renderPage() {
  return renderRoutes(
    [
      { path: '/sub/settings', element: <SubSettingsPage title="推送设置" /> },
      { path: '/vip/index', element: <p>会员套餐页</p> },
    ],
    ['/sub/settings'],
    { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

describe('SubSettingsPage', () => {
  it('asks a trial user to upgrade, without reading the settings', async () => {
    useAuthStore.setState({ token: 't', id: 9, name: 'trialuser', level: 10 });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(MSG.noPushPermission)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '升级会员' }));
    expect(await screen.findByText('会员套餐页')).toBeInTheDocument();
    expect(http.get).not.toHaveBeenCalled();
  });

  it('shows the saved settings and posts them back as a form', { timeout: 15_000 }, async () => {
    useAuthStore.setState({ token: 't', id: 7, name: 'demouser', level: 22 });
    vi.mocked(http.get).mockResolvedValue({ data: { code: 200, message: '', data: config } });
    vi.mocked(http.post).mockResolvedValue({
      data: { code: 200, message: MSG.pushSettingsSaved, data: config },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('checkbox', { name: '申报通知' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '站内消息' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '政策动态' }));
    await user.click(screen.getByRole('button', { name: /保存设置/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    const [url, form] = vi.mocked(http.post).mock.calls[0] ?? [];
    expect(url).toBe('/api/ccw/config/updateConfig/');
    expect(Object.fromEntries(form as URLSearchParams)).toMatchObject({
      types: 'sbtz,zcdt',
      keywords: '补贴',
      channels: 'site',
      regions: '',
      quiet_start: '',
    });
  });
});
