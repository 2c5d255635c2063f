// Membership badge: levelName(level) in the tier's colours (docs/requirements.md §4 "Membership level").
import { CrownFilled } from '@ant-design/icons';
import { levelName, levelTier } from '@uc/shared';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';

type Tier = ReturnType<typeof levelTier>;

const TIER_STYLE: Record<Tier, CSSProperties> = {
  visitor: { color: '#595959', background: '#f5f5f5', borderColor: '#d9d9d9' },
  trial: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
  silver: { color: '#434343', background: 'linear-gradient(135deg,#f5f5f5,#d9d9d9)', borderColor: '#bfbfbf' },
  gold: { color: '#874d00', background: 'linear-gradient(135deg,#fff7e6,#ffd666)', borderColor: '#ffc53d' },
  platinum: {
    color: '#1d39c4',
    background: 'linear-gradient(135deg,#f0f5ff,#adc6ff)',
    borderColor: '#85a5ff',
  },
  black: { color: '#ffd666', background: 'linear-gradient(135deg,#434343,#141414)', borderColor: '#262626' },
  supreme: {
    color: '#531dab',
    background: 'linear-gradient(135deg,#f9f0ff,#d3adf7)',
    borderColor: '#b37feb',
  },
  honoured: {
    color: '#c41d7f',
    background: 'linear-gradient(135deg,#fff0f6,#ffadd2)',
    borderColor: '#ff85c0',
  },
};

export function LevelBadge({ level }: { level: number }) {
  const tier = levelTier(level);
  const withCrown = tier !== 'visitor' && tier !== 'trial';
  return (
    <Tag
      variant="outlined"
      icon={withCrown ? <CrownFilled /> : undefined}
      style={{ ...TIER_STYLE[tier], fontWeight: 500, marginInlineEnd: 0 }}
    >
      {levelName(level)}
    </Tag>
  );
}
