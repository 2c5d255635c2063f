// The funding dialog's fields and rules (docs/requirements.md §5 "Funding form"), and the table's selection rules.
import { MSG } from '@uc/shared';
import type { FormRule } from 'antd';
import { zodRule } from '../../../lib/zod-rule';

export interface FundingFormValues {
  projectName: string;
  depName: string;
  /** 万元, as typed. */
  amount: string;
}

const loadFundingRules = async () => (await import('./funding-schema')).fundingRules;

/** One rule per field: the shared zod schema (the server checks the same), loaded on first validation. */
export const FUNDING_RULES: Record<keyof FundingFormValues, FormRule[]> = {
  projectName: [zodRule(async () => (await loadFundingRules()).projectName)],
  depName: [zodRule(async () => (await loadFundingRules()).depName)],
  amount: [zodRule(async () => (await loadFundingRules()).amount)],
};

/** Edit needs exactly one selected row; the message to show otherwise. */
export function editSelectionError(selected: readonly unknown[]): string | null {
  return selected.length === 1 ? null : MSG.selectOne;
}

/** Delete needs at least one selected row; the message to show otherwise. */
export function deleteSelectionError(selected: readonly unknown[]): string | null {
  return selected.length >= 1 ? null : MSG.selectAtLeastOne;
}
