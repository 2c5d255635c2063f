// /smart/match/policy/exact (精准匹配): the questionnaire prefilled from the platform and the last answers -> every
// open policy with the conditions met and missing; saved per customer, exportable to .xlsx.
import { ExportButton } from '@uc/client';
import { App } from 'antd';
import { matchExact } from './api/assess';
import { exportMatch } from './api/export-match';
import { AssessmentFlow, assessmentQueries } from './components/assessment-flow';
import { MatchList } from './components/match-list';
import { PrintButton } from './components/result-parts';
import './policy-tools.css';

function MatchExportButton({ customerId, name }: { customerId: number; name: string }) {
  const { message } = App.useApp();
  // A failure was already shown by the HTTP client.
  const onExport = () =>
    exportMatch(customerId, name)
      .then(() => message.success('导出成功'))
      .catch(() => undefined);
  return (
    <ExportButton onExport={onExport} className="uc-pt-noprint">
      导出Excel
    </ExportButton>
  );
}

/** The subject picker's first list. */
export const firstQueries = assessmentQueries;

export function MatchExactPage({ title }: { title?: string }) {
  return (
    <AssessmentFlow
      title={title || '精准匹配'}
      tool="match"
      submitText="开始匹配"
      assess={matchExact}
      testId="match-exact-page"
      renderResult={(result, subject) => (
        <>
          <MatchList
            result={result}
            extra={
              'customer_id' in subject ? (
                <MatchExportButton customerId={subject.customer_id} name={subject.cus_name} />
              ) : undefined
            }
          />
          <PrintButton />
        </>
      )}
    />
  );
}
