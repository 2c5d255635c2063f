// /specialization_new/evaluation/accreditation (专精特新评测): the three 梯度 levels of 《优质中小企业梯度培育管理暂行
// 办法》: which one the company reaches, each level's points and conditions, and what separates it from the next.
import type { LevelEvaluation, SmeEvaluationResult } from '@uc/shared';
import { Card, Collapse, Progress, Typography } from 'antd';
import { evaluateSme } from './api/assess';
import { AssessmentFlow, assessmentQueries } from './components/assessment-flow';
import { ConditionsList, PrintButton, ResultHeader, ScoreTable, StatusTag } from './components/result-parts';
import './policy-tools.css';
import { ScreenSteps } from '../../components/screen-steps';

function LevelDetail({ level }: { level: LevelEvaluation }) {
  return (
    <div>
      {level.total !== null && (
        <div className="uc-pt-summary">
          <div>
            <Progress
              percent={level.total}
              format={() => `${level.total}分`}
              status={level.total >= (level.line ?? 60) ? 'success' : 'normal'}
            />
            <Typography.Text type="secondary">及格线 {level.line} 分</Typography.Text>
          </div>
        </div>
      )}
      {level.items.length > 0 && <ScoreTable items={level.items} />}
      <Typography.Title level={5}>
        {level.key === 'giant' ? '认定条件（专、精、特、新、链、品）' : '认定条件'}
      </Typography.Title>
      <ConditionsList conditions={level.conditions} label={`${level.name}认定条件`} />
      {level.direct.length > 0 && (
        <>
          <Typography.Title level={5}>
            {level.key === 'giant'
              ? '创新能力（一般性条件与创新直通条件）'
              : '直通条件（满足任一项可不看得分）'}
          </Typography.Title>
          <ConditionsList conditions={level.direct} label={`${level.name}直通条件`} />
        </>
      )}
    </div>
  );
}

function SmeResult({ result }: { result: SmeEvaluationResult }) {
  const { evaluation } = result;
  const reached = evaluation.levels.find((l) => l.key === evaluation.reached);
  const current =
    evaluation.reached === null ? 0 : evaluation.levels.findIndex((l) => l.key === evaluation.reached) + 1;
  return (
    <div className="uc-pt-result" data-testid="sme-result">
      <ResultHeader
        report="优质中小企业梯度评测报告"
        of={result}
        verdict={{
          type: reached ? 'success' : 'warning',
          message: reached ? `已达到：${reached.name}` : '尚未达到创新型中小企业',
          description: evaluation.next ? (
            <div>
              距离{evaluation.next.name}还需：
              <ul aria-label="与下一梯度的差距">
                {evaluation.next.gaps.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            </div>
          ) : (
            '已达到最高梯度：专精特新"小巨人"企业'
          ),
        }}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <ScreenSteps
          current={current}
          size="small"
          items={evaluation.levels.map((l) => ({
            title: l.name,
            status: l.status === 'pass' ? 'finish' : l.status === 'fail' ? 'error' : 'wait',
            description: l.total !== null ? `${l.total}分` : undefined,
          }))}
        />
      </Card>
      <Collapse
        // The level being worked towards opens; the others are a click away (all print expanded from the result).
        defaultActiveKey={[evaluation.next?.key ?? evaluation.reached ?? 'innovative']}
        items={evaluation.levels.map((l) => ({
          key: l.key,
          label: (
            <span>
              {l.name} <StatusTag status={l.status} />
            </span>
          ),
          children: <LevelDetail level={l} />,
        }))}
      />
      <Typography.Paragraph type="secondary" className="uc-pt-basis" style={{ marginTop: 12 }}>
        本结果依据《优质中小企业梯度培育管理暂行办法》（工信部企业〔2022〕63号）附件1-3计算；特色化指标由各省自主设定，按您的自评分计入。仅供申报前自评参考。
      </Typography.Paragraph>
      <PrintButton />
    </div>
  );
}

/** The subject picker's first list. */
export const firstQueries = assessmentQueries;

export function SmeEvaluationPage({ title }: { title?: string }) {
  return (
    <AssessmentFlow
      title={title || '专精特新评测'}
      tool="sme"
      submitText="开始评测"
      assess={evaluateSme}
      testId="sme-evaluation-page"
      renderResult={(result) => <SmeResult result={result} />}
    />
  );
}
