import { DEFAULT_PUSH_SETTINGS } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { regionPath, toFormValues, toSettings } from './settings-form';

describe('push settings form', () => {
  it('turns region codes into cascader paths and back', () => {
    expect(regionPath('440000')).toEqual(['440000']);
    expect(regionPath('440300')).toEqual(['440000', '440300']);
    expect(regionPath('440305')).toEqual(['440000', '440300', '440305']);
    expect(regionPath('999999')).toEqual([]);
    const settings = {
      ...DEFAULT_PUSH_SETTINGS,
      regions: ['440300', '440106', '999999'],
      keywords: ['补贴'],
      channels: ['site' as const, 'email' as const],
      quiet_start: '22:00',
      quiet_end: '08:30',
      remind_days: 7,
    };
    const values = toFormValues(settings);
    expect(values.regions).toEqual([
      ['440000', '440300'],
      ['440000', '440100', '440106'],
    ]);
    expect(values.quiet?.map((t) => t.format('HH:mm'))).toEqual(['22:00', '08:30']);
    expect(toSettings(values)).toEqual({ ...settings, regions: ['440300', '440106'] });
  });

  it('sends no quiet hours when none are chosen, and trims keywords', () => {
    const values = { ...toFormValues(DEFAULT_PUSH_SETTINGS), keywords: [' 数字经济 ', ' '] };
    expect(values.quiet).toBeNull();
    expect(toSettings(values)).toEqual({ ...DEFAULT_PUSH_SETTINGS, keywords: ['数字经济'] });
  });
});
