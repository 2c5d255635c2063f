// 科创云: third-party services on the main site, each opening in a new tab.
import {
  BankOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  GlobalOutlined,
  SolutionOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { runtimeConfig } from '../../../lib/runtime-config';

interface KcyService {
  title: string;
  text: string;
  /** Path on the main site. */
  path: string;
  icon: ReactNode;
  color: string;
}

const KCY_SERVICES: readonly KcyService[] = [
  {
    title: '知识产权服务',
    text: '专利、商标、软著申请',
    path: '/kcy/zscq/',
    icon: <FileProtectOutlined />,
    color: '#1668dc',
  },
  {
    title: '科技金融',
    text: '科创贷款与股权融资',
    path: '/kcy/kjjr/',
    icon: <BankOutlined />,
    color: '#d48806',
  },
  {
    title: '人才服务',
    text: '人才认定与引进补贴',
    path: '/kcy/rcfw/',
    icon: <SolutionOutlined />,
    color: '#722ed1',
  },
  {
    title: '检验检测',
    text: '产品检测与认证服务',
    path: '/kcy/jyjc/',
    icon: <ExperimentOutlined />,
    color: '#13a8a8',
  },
  {
    title: '技术交易',
    text: '技术合同登记与成果转化',
    path: '/kcy/jsjy/',
    icon: <SwapOutlined />,
    color: '#eb2f96',
  },
  {
    title: '产业政策',
    text: '各地产业扶持政策汇编',
    path: '/chanye/',
    icon: <GlobalOutlined />,
    color: '#52c41a',
  },
];

function kcyUrl(service: KcyService, mainSiteUrl: string): string {
  return `${mainSiteUrl.replace(/\/+$/, '')}${service.path}`;
}

export function KcyCard() {
  const mainSite = runtimeConfig().mainSiteUrl;
  return (
    <Card
      title="科创云"
      className="uc-dash-card"
      data-testid="card-kcy"
      extra={<span className="uc-card-hint">第三方服务</span>}
    >
      <div className="uc-kcy-grid">
        {KCY_SERVICES.map((service) => (
          <a
            key={service.path}
            href={kcyUrl(service, mainSite)}
            target="_blank"
            rel="noopener noreferrer"
            className="uc-kcy-item"
          >
            <span className="uc-kcy-icon" style={{ color: service.color, background: `${service.color}14` }}>
              {service.icon}
            </span>
            <span className="uc-kcy-text">
              <span className="uc-kcy-title">{service.title}</span>
              <span className="uc-kcy-desc">{service.text}</span>
            </span>
          </a>
        ))}
      </div>
    </Card>
  );
}
