// The providers every console page runs in: the query client, antd in Chinese, antd's App (message, modal).
import { Provider as MotionProvider } from '@rc-component/motion';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';

dayjs.locale('zh-cn');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Asked for less motion (the system's setting as the console loads), antd's animations end at once: a dialog is where
 * it will stay from its first frame, and a list opens where it is drawn. Through the motion provider antd itself uses,
 * as the member app does.
 */
const still =
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <MotionProvider motion={!still}>
          <App>{children}</App>
        </MotionProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
