// App-wide providers: antd (zh_CN locale, theme) and the feedback hosts (message and modal, mounted on demand).
// The TanStack Query provider sits in the main layout, the only place with server-state screens, and dayjs
// is set up there too: the login page's first load carries neither.
import { Provider as MotionProvider } from '@rc-component/motion';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { setHostRequester } from '../lib/ui/feedback';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../lib/ui/use-media-query';

const MessageHost = lazy(async () => ({ default: (await import('./feedback-hosts')).MessageHost }));
const ModalHost = lazy(async () => ({ default: (await import('./feedback-hosts')).ModalHost }));

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    borderRadius: 8,
    colorBgLayout: '#f3f5f9',
    // antd's default secondary greys (45 % black) measure 3.4:1 on white; 60 % keeps them quiet at 5.7:1
    // (4.5:1 is the WCAG AA minimum for body text).
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // Placeholders (25 % black, 1.6:1) and the select's empty text read as text: 56 % black is 4.9:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // antd's red (#ff4d4f) is 3.3:1 on white: danger buttons and error texts take a deeper one (5.2:1).
    colorError: '#d32029',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      footerBg: 'transparent',
    },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8, subMenuItemBg: 'transparent' },
  },
};

/** Mounts antd's context-aware message and modal holders when lib/feedback first asks for them. */
function FeedbackHosts() {
  const [wanted, setWanted] = useState({ message: false, modal: false });
  useEffect(() => {
    setHostRequester((kind) => setWanted((w) => (w[kind] ? w : { ...w, [kind]: true })));
    return () => setHostRequester(null);
  }, []);
  // One boundary each: the second host loading must not hide (and so drop toasts from) the first.
  return (
    <>
      <Suspense fallback={null}>{wanted.message && <MessageHost />}</Suspense>
      <Suspense fallback={null}>{wanted.modal && <ModalHost />}</Suspense>
    </>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  // Asked for less motion, antd's animations (dialogs, drawers, menus, collapses) end at once. Through the motion
  // provider antd itself uses, not through the theme: a theme with `motion: false` makes antd wrap the whole app in
  // that provider the first time it changes, which remounts every element, and a page hydrated from the server's
  // drawing (which cannot know the setting) changes it right after hydrating.
  const still = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <MotionProvider motion={!still}>
        <FeedbackHosts />
        {children}
      </MotionProvider>
    </ConfigProvider>
  );
}
