// 内容: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function ContentPage() {
  return <ComingSoon title="内容" />;
}
