import { MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { type AdmissionFacts, admission, REFUSAL_MESSAGE } from './admission.js';

const open: AdmissionFacts = { enabled: true, staffDisabled: false, parentStaffDisabled: false };

describe('admission', () => {
  it('admits an account no one holds', () => {
    expect(admission(open)).toBeNull();
  });

  it('refuses an account staff hold, sending it to customer service', () => {
    expect(admission({ ...open, staffDisabled: true })).toBe('staff');
    expect(REFUSAL_MESSAGE.staff).toBe(MSG.memberDisabledByStaff);
  });

  it('refuses a sub-account whose main account staff hold, with the same refusal', () => {
    expect(admission({ ...open, parentStaffDisabled: true })).toBe('staff');
  });

  it('refuses a sub-account its main account disabled, sending it to the main account', () => {
    expect(admission({ ...open, enabled: false })).toBe('main');
    expect(REFUSAL_MESSAGE.main).toBe(MSG.accountDisabled);
  });

  it('names staff when staff and the main account both hold it: only staff can lift theirs', () => {
    expect(admission({ enabled: false, staffDisabled: true, parentStaffDisabled: false })).toBe('staff');
    expect(admission({ enabled: false, staffDisabled: false, parentStaffDisabled: true })).toBe('staff');
    expect(admission({ enabled: false, staffDisabled: true, parentStaffDisabled: true })).toBe('staff');
  });
});
