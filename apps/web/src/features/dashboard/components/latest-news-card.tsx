// 最新发布: the latest releases in a seamless scroller, with a link to the full list.
import { LIMITS } from '@uc/shared';
import { Card } from 'antd';
import { paths } from '../../../paths';
import { useLatestNews } from '../api/get-latest-news';
import { QueryView } from './card-states';
import { EmptyData } from './empty-data';
import { MoreLink } from './more-link';
import { NewsScroller } from './news-scroller';

const VISIBLE_ROWS = 10;
/** Rows fetched: twice the window, so the scroller has somewhere to go. */
export const LATEST_NEWS_SIZE = 20;

export function LatestNewsCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const query = useLatestNews(userId, { size: LATEST_NEWS_SIZE }, loggedIn);
  return (
    <Card
      title="最新发布"
      className="uc-dash-card"
      data-testid="card-latest-news"
      extra={<MoreLink to={paths.news} loggedIn={loggedIn} />}
    >
      <QueryView query={query} loggedIn={loggedIn} what="最新发布" rows={6}>
        {(items) =>
          items.length === 0 ? (
            <EmptyData height={VISIBLE_ROWS * LIMITS.scrollerRowHeight} />
          ) : (
            <NewsScroller items={items} visibleRows={VISIBLE_ROWS} />
          )
        }
      </QueryView>
    </Card>
  );
}
