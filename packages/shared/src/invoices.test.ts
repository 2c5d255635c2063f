import { describe, expect, it } from 'vitest';
import { invoiceApplyBody, isUnifiedCreditCode } from './invoices.js';
import { MSG } from './messages.js';

describe('isUnifiedCreditCode (GB 32100-2015)', () => {
  it('accepts codes whose check character matches, whatever the case and surrounding spaces', () => {
    for (const code of [
      '91440300MA5FJQ6X39',
      '91110000100000000R',
      '12100000400000624D',
      ' 91440300ma5fjq6x39 ',
    ]) {
      expect(isUnifiedCreditCode(code), code).toBe(true);
    }
    // A check character of 0 (a library reads alphabet[31] for it and refuses the code).
    expect(isUnifiedCreditCode('914403000000000250')).toBe(true);
  });

  it('refuses a wrong check character, a letter outside the alphabet, a division that is not digits, a length', () => {
    for (const code of [
      '91440300MA5FJQ6X3H',
      '91440300MA5FJQ6X38',
      '9144030OMA5FJQ6X39',
      '91440300MA5FJQ6XI9',
      '914403A0MA5FJQ6X39',
      '91440300MA5FJQ6X3',
      '91440300MA5FJQ6X399',
      '',
    ]) {
      expect(isUnifiedCreditCode(code), code).toBe(false);
    }
  });
});

describe('invoiceApplyBody', () => {
  const base = {
    out_trade_no: '20261126000000000001',
    invoice_type: 'normal',
    title_type: 'company',
    title: '深圳市测试科技有限公司',
    tax_no: '91440300MA5FJQ6X39',
    email: 'fin@example.com',
  };
  const messages = (input: object) => {
    const parsed = invoiceApplyBody.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes a company title with a valid code, a personal one without, and saves the title by default', () => {
    expect(invoiceApplyBody.parse(base)).toMatchObject({ save_title: true, address: '' });
    expect(messages({ ...base, title_type: 'personal', title: '张三', tax_no: '' })).toEqual([]);
  });

  it('answers each rule broken in Chinese', () => {
    expect(messages({ ...base, tax_no: '91440300MA5FJQ6X3H' })).toEqual([MSG.taxNoInvalid]);
    expect(messages({ ...base, title_type: 'personal', title: '张' })).toEqual([MSG.invoiceTitleInvalid]);
    expect(messages({ ...base, email: '' })).toContain(MSG.emailRequired);
    expect(messages({ ...base, invoice_type: 'special' })).toEqual([MSG.invoiceSpecialFields]);
    expect(
      messages({ ...base, invoice_type: 'special', title_type: 'personal', title: '张三', tax_no: '' }),
    ).toContain(MSG.invoiceSpecialCompanyOnly);
    expect(
      messages({
        ...base,
        invoice_type: 'special',
        address: '深圳市南山区科技园',
        phone: '0755-12345678',
        bank: '招商银行深圳分行',
        bank_account: '755912345610001',
      }),
    ).toEqual([]);
  });
});
