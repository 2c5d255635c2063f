// The category select of 提交工单, from the shared list (the help topics and 其他).
import { TICKET_CATEGORIES } from '@uc/shared';

export const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((c) => ({ value: c.key, label: c.name }));
