// The page of a section that is not built yet.
import { Card, Result } from 'antd';

export function ComingSoon({ title }: { title: string }) {
  return (
    <Card>
      <Result status="info" title={title} subTitle="该功能即将上线" />
    </Card>
  );
}
