// API: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function ApiPage() {
  return <ComingSoon title="API" />;
}
