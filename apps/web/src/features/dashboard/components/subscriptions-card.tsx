// 我的订阅: the subscribed projects and the subscribe action (trial users are asked to upgrade, docs/requirements.md §6).
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { Link } from 'react-router';
import type { Access } from '../../../lib/access';
import { paths } from '../../../paths';
import { useMySubscribe } from '../api/get-my-subscribe';
import { pushSettingsAction } from '../model/quick-nav';
import { QueryView } from './card-states';
import { EmptyData } from './empty-data';
import { MoreLink } from './more-link';
import { useNavAction } from './use-nav-action';

/** Rows shown on the dashboard; the rest is one click away (更多). */
export const SUBSCRIPTION_LIMIT = 9;

export function SubscriptionsCard({ userId, access }: { userId: number; access: Access }) {
  const query = useMySubscribe(userId, { size: SUBSCRIPTION_LIMIT }, access.isLoggedIn);
  const run = useNavAction();
  return (
    <Card
      title="我的订阅"
      className="uc-dash-card"
      data-testid="card-subscriptions"
      extra={
        <Flex gap={12} align="center">
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => void run(pushSettingsAction(access))}
          >
            订阅
          </Button>
          <MoreLink to={`${paths.subList}?activeName=dyxm`} loggedIn={access.isLoggedIn} />
        </Flex>
      }
    >
      <QueryView query={query} loggedIn={access.isLoggedIn} what="我的订阅" rows={5}>
        {(items) =>
          items.length === 0 ? (
            <EmptyData height={200} />
          ) : (
            <ul className="uc-sub-list" aria-label="我的订阅">
              {items.map((item, index) => (
                <li key={item.id} className="uc-sub-item">
                  <span className="uc-sub-index" data-top={index < 3 ? 'true' : undefined}>
                    {index + 1}
                  </span>
                  <Link to={`${paths.subList}?activeName=dyxm`} className="uc-sub-title" title={item.title}>
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}
