// 概览: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function OverviewPage() {
  return <ComingSoon title="概览" />;
}
