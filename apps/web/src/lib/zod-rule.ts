// Adapter from the shared zod rules (docs/requirements.md §5 messages) to antd Form rules.
import type { FormRule } from 'antd';

/** The part of a zod schema the adapter needs (structural, so the web app needs no direct zod import). */
export interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * An antd rule that validates with a zod schema and reports its first issue's message. The schema may be
 * given as a loader, so a page can paint before the validation code (zod) has downloaded.
 */
export function zodRule(schema: SafeParser | (() => Promise<SafeParser>)): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parser = typeof schema === 'function' ? await schema() : schema;
      const result = parser.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '');
    },
  };
}
