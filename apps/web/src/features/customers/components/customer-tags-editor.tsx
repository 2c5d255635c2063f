// The customer's tags in the drawer: typed or picked from the member's tags, saved as each change is made.
import { MSG, TAG_LIMITS } from '@uc/shared';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { reportFailure } from '../../../lib/http/report-failure';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { useTags } from '../api/get-tags';
import { useSetCustomerTags } from '../api/set-customer-tags';

/** The tags to save, or the message of the first rule a change breaks. */
export function checkTags(tags: readonly string[]): { tags: string[] } | { problem: string } {
  const clean = [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))];
  if (clean.some((t) => [...t].length > TAG_LIMITS.length)) return { problem: MSG.tagTooLong };
  if (clean.length > TAG_LIMITS.perCustomer) return { problem: MSG.tagsTooMany };
  return { tags: clean };
}

export function CustomerTagsEditor({
  userId,
  id,
  initial,
}: {
  userId: number;
  id: number;
  initial: string[];
}) {
  const [value, setValue] = useState(initial);
  const all = useTags(userId);
  const save = useSetCustomerTags(userId, id);
  const options = useMemo(() => (all.data ?? []).map((t) => ({ value: t.tag, label: t.tag })), [all.data]);

  const onChange = (next: string[]) => {
    const checked = checkTags(next);
    if ('problem' in checked) {
      toastError(checked.problem);
      return;
    }
    const before = value;
    setValue(checked.tags);
    save.mutate(checked.tags, {
      onSuccess: (answer) => {
        setValue(answer.tags);
        toastSuccess('标签已保存');
      },
      onError: (error) => {
        setValue(before);
        reportFailure(error, '标签保存失败，请稍后重试');
      },
    });
  };

  return (
    <Select
      mode="tags"
      value={value}
      onChange={onChange}
      options={options}
      loading={save.isPending}
      placeholder="输入后回车添加标签，如：重点客户"
      aria-label="客户标签"
      style={{ width: '100%' }}
      tokenSeparators={[',', '，']}
      maxCount={TAG_LIMITS.perCustomer}
      notFoundContent={null}
      data-testid="customer-tags"
    />
  );
}
