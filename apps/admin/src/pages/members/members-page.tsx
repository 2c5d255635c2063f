// 会员: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function MembersPage() {
  return <ComingSoon title="会员" />;
}
