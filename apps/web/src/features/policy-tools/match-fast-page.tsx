// /smart/match/policy/fast (快速匹配): a customer or a typed company -> the open policies it matches, in one click,
// from what the platform already knows (nothing to fill in); for VIP members also the other way round, 按政策找客户:
// one open policy -> the customers that match it.
import { Alert, Button, Card, Space, Tabs } from 'antd';
import { useAccess } from '../../lib/access';
import { matchFast, type Subject, useAssess } from './api/assess';
import { CustomersByPolicy } from './components/customers-by-policy';
import { MatchList } from './components/match-list';
import { PrintButton } from './components/result-parts';
import { SubjectPicker, subjectPickerQueries } from './components/subject-picker';
import './policy-tools.css';

function MatchByCompany() {
  const mutation = useAssess(matchFast);
  const run = (subject: Subject) => mutation.mutate({ subject });
  return (
    <>
      <div className="uc-pt-noprint">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="根据平台已掌握的企业信息（注册地、行业、成立时间、知识产权、资质等）一键匹配申报中的政策；需要更准确的结果请使用精准匹配。"
        />
        <SubjectPicker
          action="一键匹配"
          loading={mutation.isPending}
          onPick={run}
          typedHint="未在客户列表中的企业，按企业名称匹配（平台暂无该企业的资料）。"
        />
      </div>
      {mutation.data && (
        <div style={{ marginTop: 24 }}>
          <MatchList result={mutation.data} />
          <Space className="uc-pt-actions">
            <PrintButton />
            <Button className="uc-pt-noprint" onClick={() => mutation.reset()}>
              清空结果
            </Button>
          </Space>
        </div>
      )}
    </>
  );
}

/** The subject picker's first list. */
export const firstQueries = subjectPickerQueries;

export function MatchFastPage({ title }: { title?: string }) {
  const { isVip } = useAccess();
  return (
    <Card title={title || '快速匹配'} data-testid="match-fast-page" className="uc-pt-card">
      {isVip ? (
        <Tabs
          className="uc-pt-tabs"
          items={[
            { key: 'company', label: '按企业匹配政策', children: <MatchByCompany /> },
            { key: 'policy', label: '按政策找客户', children: <CustomersByPolicy /> },
          ]}
        />
      ) : (
        <MatchByCompany />
      )}
    </Card>
  );
}
