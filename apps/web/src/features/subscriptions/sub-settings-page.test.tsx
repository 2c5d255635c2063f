import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PUSH_SETTINGS, MSG, type PushConfig, SUBSCRIBE_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, reply, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { SubSettingsPage } from './sub-settings-page';

const config: PushConfig = {
  ...DEFAULT_PUSH_SETTINGS,
  types: ['sbtz'],
  keywords: ['补贴'],
  saved: true,
  updated_at: '2026-11-24T02:00:00.000Z',
  dept_options: ['深圳市科技创新委员会'],
};

function renderPage() {
  return renderApp(<SubSettingsPage title="推送设置" />, {
    path: '/sub/settings',
    routes: [{ path: '/vip/index', element: <p>会员套餐页</p> }],
  });
}

describe('SubSettingsPage', () => {
  it('asks a trial user to upgrade, without reading the settings', async () => {
    signIn({ id: 9, name: 'trialuser', level: 10 });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(MSG.noPushPermission)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '升级会员' }));
    expect(await screen.findByText('会员套餐页')).toBeInTheDocument();
    expect(requests('get')).toHaveLength(0);
  });

  it('shows the saved settings and posts them back as a form', async () => {
    signIn();
    mockApi({
      get: { [SUBSCRIBE_API.getConfig]: () => config },
      post: {
        [SUBSCRIBE_API.updateConfig]: () =>
          reply({ code: 200, message: MSG.pushSettingsSaved, data: config }),
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('checkbox', { name: '申报通知' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '站内消息' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '政策动态' }));
    const remind = screen.getByRole('spinbutton', { name: '提醒天数' });
    expect(remind).toHaveValue('3');
    await user.clear(remind);
    await user.type(remind, '5');
    await user.click(screen.getByRole('button', { name: /保存设置/ }));
    await waitFor(() => expect(requests('post')).toHaveLength(1));
    const [sent] = requests('post');
    expect(sent?.path).toBe('/api/ccw/config/updateConfig/');
    // Posted as a form.
    expect(sent?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent?.body).toMatchObject({
      types: 'sbtz,zcdt',
      keywords: '补贴',
      channels: 'site',
      regions: '',
      quiet_start: '',
      remind_days: '5',
    });
  });
});
