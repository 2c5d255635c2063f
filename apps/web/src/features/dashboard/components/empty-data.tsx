// 暂无数据, sized for a card body.
import { Empty } from 'antd';

export function EmptyData({ height }: { height?: number }) {
  return (
    <div className="uc-dash-empty" style={height ? { minHeight: height } : undefined}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
    </div>
  );
}
