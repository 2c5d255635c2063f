// /checklogin/index: account login and password-free login tabs (docs/requirements.md §2 "Login screen"), and the
// bind-phone mode of the account tab (docs/requirements.md §4: login codes 20004 and 20005).
import { Tabs } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { loadLoginRules } from '../../components/form-fields/lazy-rules';
import { PageLoader } from '../../components/page-loader';
import { preloadFeedback } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { whenIdle } from '../../lib/ui/when-idle';
import { loadLoginApi } from './api/use-login';
import { AccountLoginForm } from './components/account-login-form';
import { AuthShell } from './components/auth-shell';
import type { BindPhone } from './components/bind-phone-fields';

// The password-free tab (and the code button) loads when opened or when the page is idle; the captcha
// behind the code button loads on first need.
const loadSmsForm = () => import('./components/sms-login-form');
const SmsLoginForm = lazy(async () => ({ default: (await loadSmsForm()).SmsLoginForm }));

type TabKey = 'account' | 'sms';

/** After the first paint, fetch what submitting needs (validation rules, HTTP client, toasts). */
function usePrefetchWhenIdle() {
  useEffect(() => {
    const prefetch = () => {
      void loadLoginRules();
      void loadLoginApi();
      void loadSmsForm();
      preloadFeedback(['message']);
    };
    return whenIdle(prefetch, 2_000);
  }, []);
}

export function LoginPage() {
  useDocumentTitle('登录');
  usePrefetchWhenIdle();
  const [tab, setTab] = useState<TabKey>('account');
  const [bindMode, setBindMode] = useState(false);
  const [bindPhone, setBindPhone] = useState<BindPhone | null>(null);

  const startBind = useCallback(() => {
    setBindMode(true);
    setTab('account');
  }, []);
  const bindThisPhone = useCallback((phone: string) => {
    setBindPhone((previous) => ({ value: phone, seq: (previous?.seq ?? 0) + 1 }));
    setBindMode(true);
    setTab('account');
  }, []);
  const cancelBind = useCallback(() => setBindMode(false), []);

  return (
    <AuthShell
      title={bindMode ? '绑定手机号' : '欢迎登录'}
      subtitle={
        bindMode
          ? '绑定手机号后即可登录，手机号可用于免密登录和找回密码'
          : '登录查策网会员中心，获取专属政策服务'
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'sms' ? 'sms' : 'account')}
        size="large"
        items={[
          {
            key: 'account',
            label: '账号登录',
            children: (
              <AccountLoginForm
                bindMode={bindMode}
                bindPhone={bindPhone}
                onBindRequired={startBind}
                onCancelBind={cancelBind}
              />
            ),
          },
          {
            key: 'sms',
            label: '免密登录',
            children: (
              <Suspense fallback={<PageLoader tip="" />}>
                <SmsLoginForm onPhoneNotBound={bindThisPhone} />
              </Suspense>
            ),
          },
        ]}
      />
    </AuthShell>
  );
}
