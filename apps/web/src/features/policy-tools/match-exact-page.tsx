// /smart/match/policy/exact (精准匹配): the questionnaire prefilled from the platform and the last answers -> every
// open policy with the conditions met and missing; saved per customer, exportable to .xlsx.
import { DownloadOutlined } from '@ant-design/icons';
import { POLICY_TOOLS_API } from '@uc/shared';
import { App, Button } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../lib/http/download';
import { matchExact } from './api/assess';
import { AssessmentFlow, assessmentQueries } from './components/assessment-flow';
import { MatchList } from './components/match-list';
import { PrintButton } from './components/result-parts';
import './policy-tools.css';

function ExportButton({ customerId, name }: { customerId: number; name: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      className="uc-pt-noprint"
      onClick={() => {
        setBusy(true);
        downloadFile(POLICY_TOOLS_API.matchExport, {
          params: { id: customerId },
          fallbackName: `政策匹配-${name}.xlsx`,
        })
          .then(() => message.success('导出成功'))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      导出Excel
    </Button>
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
                <ExportButton customerId={subject.customer_id} name={subject.cus_name} />
              ) : undefined
            }
          />
          <PrintButton />
        </>
      )}
    />
  );
}
