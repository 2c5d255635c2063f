// The API package's services (docs/requirements.md §9): one package buys the calls of all four. The plans page draws them as the
// package's card, the API order page names them.
import { ApiOutlined, CrownOutlined, FileSearchOutlined, TrophyOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export const API_SERVICES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: '政策源库',
    text: '各级政府部门政策原文实时采集，按地区、部门、行业检索',
    icon: <FileSearchOutlined />,
  },
  {
    title: '标准化政策库',
    text: '政策条款结构化拆解，申报条件、扶持方式与时间节点一目了然',
    icon: <ApiOutlined />,
  },
  {
    title: '资助公示查询（近2年）',
    text: '近两年各类资助与认定公示名单，按企业、项目快速查询',
    icon: <CrownOutlined />,
  },
  { title: '高企评分', text: '对照高新技术企业认定标准，自动评估企业得分与短板', icon: <TrophyOutlined /> },
];
