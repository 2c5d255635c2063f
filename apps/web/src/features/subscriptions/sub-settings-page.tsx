// /sub/settings (推送设置): what the member's policy pushes select (regions, departments, industries, types, keywords)
// and how they arrive (站内, SMS, email, quiet hours). Trial users are asked to upgrade instead (docs/requirements.md §6).
import { SaveOutlined } from '@ant-design/icons';
import {
  MSG,
  POLICY_CATEGORIES,
  PUSH_CHANNELS,
  PUSH_SETTINGS_LIMITS,
  type PushConfig,
  REMIND_DAYS,
  shanghaiMinute,
} from '@uc/shared';
import {
  Alert,
  Button,
  Card,
  Cascader,
  Checkbox,
  Flex,
  Form,
  InputNumber,
  Result,
  Select,
  Skeleton,
  TimePicker,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import { errorText } from '../../lib/http/api-error';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastError, toastSuccess } from '../../lib/ui/feedback';
import { paths } from '../../paths';
import { pushConfigQueryOptions, usePushConfig } from './api/get-push-config';
import { useUpdatePushConfig } from './api/update-push-config';
import {
  INDUSTRY_OPTIONS,
  REGION_OPTIONS,
  type SettingsFormValues,
  toFormValues,
  toSettings,
} from './model/settings-form';

const TYPE_OPTIONS = POLICY_CATEGORIES.map((c) => ({ value: c.key, label: c.keyname }));
const CHANNEL_OPTIONS = PUSH_CHANNELS.map((c) => ({ value: c.key, label: c.name }));

function UpgradePrompt({ canBuy }: { canBuy: boolean }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={MSG.noPushPermission}
      subTitle={
        canBuy
          ? '升级会员后可按地区、部门、行业和关键词订阅政策，并通过站内消息、短信或邮件接收推送。'
          : MSG.subAccountNoPackages
      }
      extra={
        canBuy ? (
          <Button type="primary" onClick={() => navigate(paths.vip)}>
            升级会员
          </Button>
        ) : null
      }
    />
  );
}

function SettingsForm({ userId, config }: { userId: number; config: PushConfig }) {
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useUpdatePushConfig(userId);
  const submit = async (values: SettingsFormValues) => {
    try {
      await save.mutateAsync(toSettings(values));
      toastSuccess(MSG.pushSettingsSaved);
    } catch (error) {
      toastError(errorText(error, '保存失败，请稍后再试'));
    }
  };
  return (
    <Form<SettingsFormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(config)}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 760 }}
    >
      <Typography.Title level={2} className="uc-form-section">
        订阅条件
      </Typography.Title>
      <Form.Item
        name="regions"
        label="地区"
        extra="不选则不限地区；选择城市包含其下全部区县，省级政策总会推送"
      >
        <Cascader
          multiple
          options={REGION_OPTIONS}
          placeholder="选择省、市或区县"
          showCheckedStrategy={Cascader.SHOW_PARENT}
          maxTagCount="responsive"
          aria-label="地区"
        />
      </Form.Item>
      <Form.Item
        name="departments"
        label="发布部门"
        rules={[{ type: 'array', max: PUSH_SETTINGS_LIMITS.departments, message: MSG.departmentsTooMany }]}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder="不选则不限部门"
          options={config.dept_options.map((d) => ({ value: d, label: d }))}
          maxTagCount="responsive"
          aria-label="发布部门"
        />
      </Form.Item>
      <Form.Item name="industries" label="行业">
        <Select
          mode="multiple"
          allowClear
          placeholder="不选则不限行业"
          options={INDUSTRY_OPTIONS}
          maxTagCount="responsive"
          optionFilterProp="label"
          aria-label="行业"
        />
      </Form.Item>
      <Form.Item name="types" label="政策类型" extra="不选则推送全部类型">
        <Checkbox.Group options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="keywords"
        label="关键词"
        extra="标题包含任一关键词时推送，回车添加；不填则不限"
        rules={[
          { type: 'array', max: PUSH_SETTINGS_LIMITS.keywords, message: MSG.keywordsTooMany },
          {
            validator: (_rule, value: string[] | undefined) =>
              (value ?? []).every((k) => [...k].length <= PUSH_SETTINGS_LIMITS.keywordLength)
                ? Promise.resolve()
                : Promise.reject(new Error(MSG.keywordTooLong)),
          },
        ]}
      >
        <Select
          mode="tags"
          placeholder="如：高新技术企业、专精特新"
          tokenSeparators={[',', '，']}
          aria-label="关键词"
          open={false}
        />
      </Form.Item>
      <Typography.Title level={2} className="uc-form-section">
        推送方式
      </Typography.Title>
      <Form.Item name="channels" label="推送渠道" extra="短信和邮件每天最多一条汇总，站内消息实时推送">
        <Checkbox.Group options={CHANNEL_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="remind_days"
        label="提醒天数"
        extra="订阅和收藏的申报通知截止前几天提醒（0 为不提醒），经上面选择的推送渠道发送"
        rules={[{ required: true, message: MSG.remindDaysInvalid }]}
      >
        <InputNumber min={REMIND_DAYS.min} max={REMIND_DAYS.max} precision={0} addonAfter="天" />
      </Form.Item>
      <Form.Item name="quiet" label="免打扰时段" extra="该时段内不发送短信和邮件">
        <TimePicker.RangePicker format="HH:mm" order={false} aria-label="免打扰时段" />
      </Form.Item>
      <Flex gap={16} align="center" wrap>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          保存设置
        </Button>
        {config.updated_at && (
          <Typography.Text type="secondary">上次保存：{shanghaiMinute(config.updated_at)}</Typography.Text>
        )}
      </Flex>
    </Form>
  );
}

/** The saved settings (answered inside the page unless the member may not have them). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(pushConfigQueryOptions(userId)),
];

export function SubSettingsPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const access = useAccess();
  const allowed = access.isLoggedIn && !access.isTrial;
  const query = usePushConfig(userId, allowed);
  return (
    <Card title={title || '推送设置'} data-testid="sub-settings-page">
      {!allowed ? (
        <UpgradePrompt canBuy={access.canSeePackages} />
      ) : query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!query.data.saved && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="您还没有设置订阅条件：选择关注的地区、部门、行业或关键词后，新发布的匹配政策会推送给您，并显示在「我的订阅 - 订阅项目」中。"
            />
          )}
          <SettingsForm key={query.data.updated_at ?? 'new'} userId={userId} config={query.data} />
        </>
      )}
    </Card>
  );
}
