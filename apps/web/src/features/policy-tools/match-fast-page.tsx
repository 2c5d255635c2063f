// /smart/match/policy/fast (快速匹配): a customer or a typed company -> the open policies it matches, in one click,
// from what the platform already knows (nothing to fill in).
import { Alert, Button, Card, Space } from 'antd';
import { matchFast, type Subject, useAssess } from './api/assess';
import { MatchList } from './components/match-list';
import { PrintButton } from './components/result-parts';
import { SubjectPicker } from './components/subject-picker';
import './policy-tools.css';

export function MatchFastPage({ title }: { title?: string }) {
  const mutation = useAssess(matchFast);
  const run = (subject: Subject) => mutation.mutate({ subject });
  return (
    <Card title={title || '快速匹配'} data-testid="match-fast-page" className="uc-pt-card">
      <div className="uc-pt-noprint">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="根据平台已掌握的企业信息（注册地、行业、成立时间、知识产权、资质等）一键匹配申报中的政策；需要更准确的结果请使用精准匹配。"
        />
        <SubjectPicker action="一键匹配" loading={mutation.isPending} onPick={run} />
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
    </Card>
  );
}
