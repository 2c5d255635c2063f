// /hts/identification/score (高企评分): a customer or a typed company -> the questionnaire -> the score of
// 《高新技术企业认定管理工作指引》 item by item, the conditions of 管理办法第十一条 and what to improve.
import type { HtsScoreResult } from '@uc/shared';
import { Card, Col, Progress, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { Chart, type ChartOption } from '../../components/charts/chart';
import { scoreHts } from './api/assess';
import { AssessmentFlow, assessmentQueries } from './components/assessment-flow';
import { ConditionsList, PrintButton, ResultHeader, ScoreTable } from './components/result-parts';
import './policy-tools.css';

const STATUS_ALERT = {
  pass: { type: 'success', text: '达标：满足高新技术企业认定的全部条件，可以申报' },
  fail: { type: 'error', text: '未达标：存在不满足的认定条件或得分不足71分' },
  unknown: { type: 'warning', text: '资料待补充：补充"待补充"的项目后可得出结论' },
} as const;

function HtsResult({ result }: { result: HtsScoreResult }) {
  const { evaluation } = result;
  const radar: ChartOption = useMemo(
    () => ({
      tooltip: {},
      radar: {
        indicator: evaluation.items.map((i) => ({ name: `${i.name}\n${i.score}/${i.max}`, max: i.max })),
        radius: '62%',
        axisName: { color: '#555', fontSize: 12 },
      },
      series: [
        {
          type: 'radar',
          data: [
            { name: '可确认得分', value: evaluation.items.map((i) => i.score), areaStyle: { opacity: 0.25 } },
            {
              name: '最高可得',
              value: evaluation.items.map((i) => i.score_max),
              lineStyle: { type: 'dashed' },
            },
          ],
        },
      ],
    }),
    [evaluation],
  );
  const alert = STATUS_ALERT[evaluation.status];
  return (
    <div className="uc-pt-result" data-testid="hts-result">
      <ResultHeader
        report="高新技术企业认定评分报告"
        of={result}
        verdict={{ type: alert.type, message: alert.text }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Card size="small" title="创新能力评价得分">
            <div style={{ textAlign: 'center' }}>
              <Progress
                type="dashboard"
                percent={evaluation.total}
                format={() => (
                  <span>
                    {evaluation.total}
                    <span style={{ fontSize: 14 }}>分</span>
                  </span>
                )}
                status={evaluation.total >= evaluation.line ? 'success' : 'exception'}
              />
              <div>
                及格线 {evaluation.line} 分（70分以上，不含70分）
                {evaluation.total_max > evaluation.total
                  ? `；按各档最高分可达 ${evaluation.total_max} 分`
                  : ''}
              </div>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card size="small" title="四项指标">
            <Chart option={radar} height={260} ariaLabel="高企四项指标雷达图" />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5}>得分明细</Typography.Title>
      <ScoreTable items={evaluation.items} />
      <Typography.Title level={5}>认定条件</Typography.Title>
      <ConditionsList conditions={evaluation.conditions} label="认定条件" />
      <Typography.Title level={5}>提升建议</Typography.Title>
      {evaluation.advice.length === 0 ? (
        <Typography.Paragraph>各项指标均已达到较高档次，请按要求准备申报材料。</Typography.Paragraph>
      ) : (
        <ol aria-label="提升建议">
          {evaluation.advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ol>
      )}
      <Typography.Paragraph type="secondary" className="uc-pt-basis">
        本结果依据《高新技术企业认定管理办法》（国科发火〔2016〕32号）与《高新技术企业认定管理工作指引》（国科发火〔2016〕195号）计算，
        专家评审打分区间取下限作为可确认得分，仅供申报前自评参考。
      </Typography.Paragraph>
      <PrintButton />
    </div>
  );
}

/** The subject picker's first list. */
export const firstQueries = assessmentQueries;

export function HtsScorePage({ title }: { title?: string }) {
  return (
    <AssessmentFlow
      title={title || '高企评分'}
      tool="hts"
      submitText="开始评分"
      assess={scoreHts}
      testId="hts-score-page"
      renderResult={(result) => <HtsResult result={result} />}
    />
  );
}
