// Dialing-code selector in front of a mobile field: countries and regions grouped by pinyin initial.
import { Select } from 'antd';
import { DEFAULT_DIAL_REGION, DIAL_GROUPS, dialRegion } from './dial-codes';

const OPTIONS = DIAL_GROUPS.map((group) => ({
  label: group.letter,
  title: group.letter,
  options: group.regions.map((region) => ({
    value: region.code,
    label: `${region.name} +${region.dial}`,
    // Searched by name, dialing code and ISO code.
    search: `${region.name} +${region.dial} ${region.dial} ${region.code}`.toLowerCase(),
  })),
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
      popupMatchSelectWidth={220}
      listHeight={300}
      style={{ width: 96, flex: 'none' }}
    />
  );
}
