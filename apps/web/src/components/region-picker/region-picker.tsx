// Dialing-code selector in front of a mobile field: countries and regions grouped by pinyin initial. Only
// 中国大陆 can be picked for now (the mobile rule and the server are mainland-only); the others show disabled.
import { Select, Typography } from 'antd';
import { DEFAULT_DIAL_REGION, DIAL_GROUPS, dialRegion, isMainland, MAINLAND_ONLY_NOTE } from './dial-codes';

const OPTIONS = DIAL_GROUPS.map((group) => ({
  label: group.letter,
  title: group.letter,
  options: group.regions.map((region) => {
    const label = `${region.name} +${region.dial}`;
    const available = isMainland(region.code);
    return {
      value: region.code,
      label,
      disabled: !available,
      title: available ? label : `${label}（${MAINLAND_ONLY_NOTE}）`,
      // Searched by name, dialing code and ISO code.
      search: `${region.name} +${region.dial} ${region.dial} ${region.code}`.toLowerCase(),
    };
  }),
}));

export interface RegionPickerProps {
  value?: string;
  onChange?: (code: string) => void;
  id?: string;
  disabled?: boolean;
}

export function RegionPicker({ value = DEFAULT_DIAL_REGION, onChange, id, disabled }: RegionPickerProps) {
  return (
    <Select
      id={id}
      aria-label="国家/地区"
      value={value}
      onChange={(code: string) => onChange?.(code)}
      options={OPTIONS}
      disabled={disabled ?? false}
      showSearch={{
        filterOption: (input, option) =>
          Boolean(option && 'search' in option && String(option.search).includes(input.trim().toLowerCase())),
      }}
      labelRender={({ value: code }) => `+${dialRegion(String(code)).dial}`}
      popupRender={(menu) => (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
            {MAINLAND_ONLY_NOTE}
          </Typography.Text>
          {menu}
        </>
      )}
      popupMatchSelectWidth={220}
      listHeight={300}
      style={{ width: 96, flex: 'none' }}
    />
  );
}
