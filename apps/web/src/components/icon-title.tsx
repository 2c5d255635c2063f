// A card's title with its icon before it (我的工具, 我的卡券).
import { Flex } from 'antd';
import type { ReactNode } from 'react';

export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" gap={8}>
      {icon}
      <span>{children}</span>
    </Flex>
  );
}
