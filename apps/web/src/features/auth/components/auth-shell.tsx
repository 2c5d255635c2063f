// Split-screen frame of the login, registration and recovery pages: brand panel and form card.
import { AimOutlined, BellOutlined, CustomerServiceOutlined, TrophyOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { SiteFooter } from '../../../components/site-footer';
import { runtimeConfig } from '../../../lib/runtime-config';
import { paths } from '../../../paths';
import { PolicyStats } from './policy-stats';
import './auth.css';

const HIGHLIGHTS = [
  { icon: <AimOutlined />, title: '政策精准匹配', text: '按企业画像智能匹配可申报项目' },
  { icon: <BellOutlined />, title: '申报通知实时推送', text: '订阅关注领域，第一时间获知通知' },
  { icon: <TrophyOutlined />, title: '资助公示一网打尽', text: '全国各级部门立项与资助公示' },
];

export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { hotline } = runtimeConfig();
  return (
    <div className="uc-auth">
      <aside className="uc-auth-brand">
        <Link to={paths.dashboard} className="uc-auth-brand-logo">
          <Logo size={36} color="#fff" />
        </Link>
        <div className="uc-auth-brand-body">
          <h2 className="uc-auth-slogan">
            让每一家企业
            <br />
            不错过应得的政策红利
          </h2>
          <p className="uc-auth-tagline">政策查询、申报通知、资助公示，一站式企业政策服务平台</p>
          <ul className="uc-auth-highlights">
            {HIGHLIGHTS.map((item) => (
              <li key={item.title}>
                <span className="uc-icon-tile uc-auth-highlight-icon">{item.icon}</span>
                <span>
                  <strong>{item.title}</strong>
                  <small>{item.text}</small>
                </span>
              </li>
            ))}
          </ul>
          <PolicyStats />
        </div>
        <div className="uc-auth-brand-foot">
          <CustomerServiceOutlined /> 客服热线 {hotline}（每天 8:00-18:00）
        </div>
      </aside>
      <main className="uc-auth-main">
        <div className="uc-auth-mobile-logo">
          <Logo size={32} color="#1f1f1f" />
        </div>
        <section className="uc-auth-card" aria-labelledby="uc-auth-title">
          <h1 id="uc-auth-title" className="uc-auth-title">
            {title}
          </h1>
          {subtitle && <p className="uc-auth-subtitle">{subtitle}</p>}
          {children}
        </section>
        <SiteFooter style={{ color: '#666666', marginTop: 32 }} />
      </main>
    </div>
  );
}
