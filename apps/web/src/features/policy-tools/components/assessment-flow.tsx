// The three steps every questionnaire tool walks: 选择企业 -> 填写资料 -> 查看结果. Picking a customer loads its
// prefill and last saved answers; a typed company loads the answers last saved for its name (blank when none).
// Saved answers can be cleared (清空已保存的答案): the form returns to the platform's prefill. A member who pays the tool
// per use sees the uses left beside the title, read again after each evaluation, and above the result what it cost:
// one use, or nothing for a result that waits for more answers (资料待补充，本次不扣次数).
import { useQueryClient } from '@tanstack/react-query';
import { type CompanyFacts, emptyFacts, MSG, type ToolCode, type UseCost } from '@uc/shared';
import { Alert, App, Button, Card, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ScreenSteps } from '../../../components/screen-steps';
import type { FirstQueries } from '../../../lib/routing/lazy-page';
import { useAuthStore } from '../../../lib/session/auth-store';
import { myToolsKey, myToolsQueryOptions, useMyTools } from '../../../lib/tools/get-my-tools';
import { type AssessRequest, type Subject, useAssess } from '../api/assess';
import { useClearFacts } from '../api/clear-facts';
import { useCompanyFacts } from '../api/get-company-facts';
import { useFacts } from '../api/get-facts';
import { FactsForm } from './facts-form';
import type { Tool } from './fields';
import { SubjectPicker, subjectPickerQueries } from './subject-picker';

interface AssessmentFlowProps<T extends { cost: UseCost }> {
  title: string;
  tool: Tool;
  submitText: string;
  assess: (request: AssessRequest) => Promise<T>;
  renderResult: (result: T, subject: Subject) => ReactNode;
  testId: string;
}

const subjectName = (s: Subject) => ('customer_id' in s ? s.cus_name : s.company_name);

/** A questionnaire tool's first view: the customer picker and the uses left (FIRST_VIEW_CALLS has both). */
export const assessmentQueries: FirstQueries = (client, userId) => [
  ...subjectPickerQueries(client, userId),
  client.prefetchQuery(myToolsQueryOptions(userId)),
];

/** The tool whose usage credits an evaluation of the questionnaire takes. */
const CREDIT_TOOL: Record<Tool, ToolCode> = { hts: 'hts_score', sme: 'sme_evaluation', match: 'match_exact' };

/** What the evaluation cost a member who pays per use; nothing shown when the level includes the tool. */
function UseCostNote({ cost }: { cost: UseCost }) {
  if (cost === 'none') return null;
  const incomplete = cost === 'incomplete';
  return (
    <Alert
      className="uc-pt-noprint"
      data-testid="use-cost"
      type={incomplete ? 'info' : 'success'}
      showIcon
      style={{ marginBottom: 12 }}
      message={incomplete ? MSG.useIncomplete : '本次评测已扣减 1 次'}
    />
  );
}

/** 按次使用 · 剩余 N 次, for a member who pays the tool per use. */
function CreditsLeft({ tool }: { tool: Tool }) {
  const userId = useAuthStore((s) => s.id);
  const mine = useMyTools(userId).data?.find((t) => t.code === CREDIT_TOOL[tool]);
  if (mine?.source !== 'credits') return null;
  return (
    <Tag color="processing" data-testid="credits-left">
      按次使用 · 剩余 {mine.credits} 次
    </Tag>
  );
}

export function AssessmentFlow<T extends { cost: UseCost }>({
  title,
  tool,
  submitText,
  assess,
  renderResult,
  testId,
}: AssessmentFlowProps<T>) {
  const userId = useAuthStore((s) => s.id);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [step, setStep] = useState(0);
  const { message } = App.useApp();
  const customerId = subject && 'customer_id' in subject ? subject.customer_id : null;
  const companyName = subject && 'company_name' in subject ? subject.company_name : null;
  const customerFacts = useFacts(userId, customerId);
  const companyFacts = useCompanyFacts(userId, companyName);
  const facts = customerId !== null ? customerFacts : companyFacts;
  const mutation = useAssess(assess);
  const clear = useClearFacts();
  const client = useQueryClient();

  const pick = (s: Subject) => {
    setSubject(s);
    mutation.reset();
    setStep(1);
  };
  const submit = (answers: Partial<CompanyFacts>) => {
    if (!subject) return;
    mutation.mutate(
      { subject, answers },
      {
        onSuccess: () => {
          setStep(2);
          // An evaluation may have taken one of the member's credits.
          void client.invalidateQueries({ queryKey: myToolsKey(userId) });
        },
      },
    );
  };

  let body: ReactNode;
  if (step === 0 || !subject) {
    body = <SubjectPicker action="下一步" onPick={pick} />;
  } else if (step === 1) {
    if (facts.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
    else if (facts.isError)
      body = <LoadErrorResult error={facts.error} onRetry={() => void facts.refetch()} />;
    else
      body = (
        <>
          {facts.data?.saved && (
            <Space className="uc-pt-saved" wrap>
              <span>已带出上次保存的答案。</span>
              <Popconfirm
                title="清空已保存的答案？"
                description="清空后将恢复为平台掌握的企业信息。"
                okText="清空"
                cancelText="取消"
                onConfirm={() =>
                  clear.mutateAsync(subject).then(
                    (r) => void message.success(r.message),
                    () => undefined,
                  )
                }
              >
                <Button size="small" danger loading={clear.isPending}>
                  清空已保存的答案
                </Button>
              </Popconfirm>
            </Space>
          )}
          <FactsForm
            key={`${subjectName(subject)}-${facts.dataUpdatedAt}`}
            tool={tool}
            facts={facts.data?.facts ?? emptyFacts()}
            submitText={submitText}
            loading={mutation.isPending}
            onSubmit={submit}
            onBack={() => setStep(0)}
          />
        </>
      );
  } else if (mutation.data) {
    body = (
      <>
        <UseCostNote cost={mutation.data.cost} />
        {renderResult(mutation.data, subject)}
        <Space className="uc-pt-actions uc-pt-noprint">
          <Button onClick={() => setStep(1)}>修改资料</Button>
          <Button onClick={() => setStep(0)}>评测其他企业</Button>
        </Space>
      </>
    );
  }

  return (
    <Card title={title} extra={<CreditsLeft tool={tool} />} data-testid={testId} className="uc-pt-card">
      <ScreenSteps
        className="uc-pt-steps uc-pt-noprint"
        current={step}
        size="small"
        items={[
          { title: '选择企业', description: subject ? subjectName(subject) : undefined },
          { title: '填写资料' },
          { title: '查看结果' },
        ]}
      />
      <div className="uc-pt-body">{body}</div>
    </Card>
  );
}
