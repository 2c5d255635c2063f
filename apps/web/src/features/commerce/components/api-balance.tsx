// The member's API call balance (GET surplus), for the API package card and the API order page.
import { Skeleton, Typography } from 'antd';
import { useAuthStore } from '../../../lib/session/auth-store';
import { useSurplus } from '../api/get-surplus';
import { apiBalanceText } from '../model/api-balance';

export function ApiBalance({ lead = '' }: { lead?: string }) {
  const userId = useAuthStore((s) => s.id);
  const surplus = useSurplus(userId);
  // Package pages are for signed-in members; without a session there is no balance to show.
  if (userId <= 0) return null;
  if (surplus.isPending) return <Skeleton.Input active size="small" />;
  if (surplus.isError) return <Typography.Text type="secondary">暂时无法获取</Typography.Text>;
  return <span data-testid="api-balance">{apiBalanceText(surplus.data, Date.now(), lead)}</span>;
}
