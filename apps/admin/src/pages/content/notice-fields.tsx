// The content fields of a notice's form: 正文 (the rich text editor, loaded when the form opens), 文号, 原文链接,
// 附件 (uploaded one by one, each with a running bar until done, ordered, removable) and a 公示公告's 公示名单 (rows pasted from Excel
// with a preview table); and the check before 发布: the server says what its sanitizer would remove from the body, and
// staff confirm before it is saved without it.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DOC_NO_MAX,
  isBlankHtml,
  MSG,
  NOTICE_ATTACHMENTS_MAX,
  type NoticeFile,
  PUBLICITY_ROWS_MAX,
  type PublicityRowInput,
  SOURCE_URL_MAX,
  STAFF_CALLS,
  UPLOAD_MAX_MB_DEFAULT,
} from '@uc/shared';
import { App, Button, Form, Input, List, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { RichTextField } from '../../components/rich-text-field';
import { call } from '../../lib/http';

/** 正文 in the rich text editor. */
export function BodyField({ required = false }: { required?: boolean }) {
  return (
    <Form.Item
      name="content"
      label="正文"
      extra="可从 Word 或网页粘贴（保留标题、列表和表格）；保存时会移除不安全的内容"
      rules={
        required
          ? [
              {
                validator: async (_, v?: string) =>
                  v && !isBlankHtml(v) ? undefined : Promise.reject(new Error(MSG.newsContentRequired)),
              },
            ]
          : []
      }
    >
      <RichTextField />
    </Form.Item>
  );
}

/** 文号 and 原文链接. */
export function SourceFields() {
  return (
    <>
      <Form.Item name="doc_no" label="文号" rules={[{ max: DOC_NO_MAX, message: MSG.docNoTooLong }]}>
        <Input maxLength={DOC_NO_MAX} placeholder="如 深科技创新〔2026〕12号" />
      </Form.Item>
      <Form.Item
        name="source_url"
        label="原文链接"
        rules={[
          { max: SOURCE_URL_MAX, message: MSG.sourceUrlInvalid },
          { pattern: /^(https?:\/\/\S+)?$/i, message: MSG.sourceUrlInvalid },
        ]}
      >
        <Input maxLength={SOURCE_URL_MAX} placeholder="https://" inputMode="url" />
      </Form.Item>
    </>
  );
}

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.gif,.webp';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** 附件: a form control over the uploaded files, in order. */
function AttachmentList({
  value = [],
  onChange,
  pending,
}: {
  value?: NoticeFile[];
  onChange?: (files: NoticeFile[]) => void;
  /** Uploads in flight, read by the field's rule: the form is not submitted without them. */
  pending: { current: number };
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<{ uid: string; name: string }[]>([]);
  // The list as it stands when an upload finishes (several may finish after the render that started them).
  const latest = useRef(value);
  latest.current = value;
  const change = (files: NoticeFile[]) => {
    latest.current = files;
    onChange?.(files);
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [file] = next.splice(from, 1);
    if (file) next.splice(to, 0, file);
    change(next);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept={ACCEPT}
        multiple
        showUploadList={false}
        disabled={value.length + uploading.length >= NOTICE_ATTACHMENTS_MAX}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File & { uid: string };
          setUploading((u) => [...u, { uid: f.uid, name: f.name }]);
          pending.current += 1;
          const form = new FormData();
          form.append('file', f);
          // The console's client is fetch, which reports no upload progress over HTTP/1.1: the bar runs until done.
          call(STAFF_CALLS.content.upload, { input: form })
            .then((saved) => {
              // Done before the change, which validates the field again (its 正在上传 error clears).
              pending.current -= 1;
              change([...latest.current, saved]);
              onSuccess?.(saved);
            })
            .catch((error: Error) => {
              pending.current -= 1;
              void message.error(`${f.name}：${error.message}`);
              onError?.(error);
            })
            .finally(() => setUploading((u) => u.filter((x) => x.uid !== f.uid)));
        }}
      >
        <Button icon={<UploadOutlined />}>上传附件</Button>
      </Upload>
      <Typography.Text type="secondary">
        PDF、Word、Excel 或图片，每个不超过{UPLOAD_MAX_MB_DEFAULT}MB（以服务器设置为准），最多
        {NOTICE_ATTACHMENTS_MAX}个
      </Typography.Text>
      {uploading.map((u) => (
        <div key={u.uid}>
          <Typography.Text>{u.name}</Typography.Text>
          <Progress
            percent={99}
            showInfo={false}
            size="small"
            status="active"
            aria-label={`正在上传 ${u.name}`}
          />
        </div>
      ))}
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(file, i) => (
            <List.Item
              actions={[
                ...(
                  [
                    ['上移', <ArrowUpOutlined key="up" />, -1],
                    ['下移', <ArrowDownOutlined key="down" />, 1],
                  ] as const
                ).map(([label, icon, step]) => (
                  <Button
                    key={label}
                    size="small"
                    type="text"
                    aria-label={`${label} ${file.name}`}
                    icon={icon}
                    disabled={i + step < 0 || i + step >= value.length}
                    onClick={() => move(i, i + step)}
                  />
                )),
                <Button
                  key="remove"
                  size="small"
                  type="text"
                  danger
                  aria-label={`移除 ${file.name}`}
                  icon={<DeleteOutlined />}
                  onClick={() => change(value.filter((f) => f.id !== file.id))}
                />,
              ]}
            >
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8, whiteSpace: 'nowrap' }}>
                {sizeText(file.size)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

export function AttachmentsField() {
  // 发布 or 保存 while a file is still uploading would save the notice without it: the rule holds the form back.
  const pending = useRef(0);
  return (
    <Form.Item
      name="attachments"
      label="附件"
      rules={[
        {
          validator: async () =>
            pending.current > 0 ? Promise.reject(new Error(MSG.attachmentsUploading)) : undefined,
        },
      ]}
    >
      <AttachmentList pending={pending} />
    </Form.Item>
  );
}

// ------------------------------------------------------------------------------------------------- 公示名单

const CREDIT_CODE = /^[0-9A-Z]{18}$/;

/**
 * Rows pasted from Excel (tab-separated) or typed (comma-separated): 企业名称, 统一社会信用代码, 资质/类别; a header
 * row naming 企业名称 is skipped, and a row whose second cell is no credit code is read as name and qualification.
 */
export function parsePublicity(text: string): PublicityRowInput[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split(line.includes('\t') ? '\t' : /[,，]/).map((cell) => cell.trim()))
    .filter((cells) => cells.some(Boolean) && !cells[0]?.includes('企业名称'))
    .map(([name = '', second = '', third = '']) => {
      const code = second.toUpperCase();
      return CREDIT_CODE.test(code) || code === ''
        ? { companyname: name, identityid: code, qualification: third }
        : { companyname: name, identityid: '', qualification: second };
    });
}

/** The rows as the textarea shows them (tab-separated, as Excel copies). */
export const publicityText = (rows: readonly PublicityRowInput[]): string =>
  rows.map((r) => [r.companyname, r.identityid ?? '', r.qualification ?? ''].join('\t')).join('\n');

function PublicityPreview() {
  const text = Form.useWatch<string | undefined>('publicity_text');
  const rows = parsePublicity(text ?? '');
  return (
    <Table<PublicityRowInput & { key: number }>
      size="small"
      bordered
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: '暂无数据' }}
      scroll={{ x: 480 }}
      dataSource={rows.map((r, key) => ({ ...r, key }))}
      columns={[
        { title: '企业名称', dataIndex: 'companyname', width: 200 },
        {
          title: '统一社会信用代码',
          dataIndex: 'identityid',
          width: 180,
          render: (code: string) =>
            code === '' || CREDIT_CODE.test(code) ? (
              code
            ) : (
              <Typography.Text type="danger">{code}</Typography.Text>
            ),
        },
        { title: '资质/类别', dataIndex: 'qualification', width: 120 },
      ]}
      title={() => `共 ${rows.length} 家企业`}
    />
  );
}

export function PublicityField() {
  return (
    <>
      <Form.Item
        name="publicity_text"
        label="公示名单"
        extra="从 Excel 复制三列粘贴：企业名称、统一社会信用代码、资质/类别（每行一家，表头行可带可不带）"
        rules={[
          {
            validator: async (_, text?: string) => {
              const rows = parsePublicity(text ?? '');
              if (rows.length > PUBLICITY_ROWS_MAX) throw new Error(MSG.publicityTooMany);
              if (rows.some((r) => !r.companyname)) throw new Error(MSG.publicityCompanyRequired);
            },
          },
        ]}
      >
        <Input.TextArea
          rows={5}
          placeholder={'深圳市某某科技有限公司\t91440300MA5XXXXXXX\t专精特新中小企业'}
        />
      </Form.Item>
      <PublicityPreview />
    </>
  );
}

// ------------------------------------------------------------------------------------------------- before 发布

/**
 * Asks the server what its sanitizer would remove from the body; when anything, staff confirm (true) or go back to
 * the form (false).
 */
export async function confirmSanitized(content: string | undefined): Promise<boolean> {
  if (!content || isBlankHtml(content)) return true;
  const { removed } = await call(STAFF_CALLS.content.sanitize, { input: { content } });
  if (removed.length === 0) return true;
  return new Promise((resolve) => {
    Modal.confirm({
      title: '正文中以下内容不安全，保存时将被移除',
      content: (
        <ul style={{ paddingLeft: 18, margin: 0 }}>
          {removed.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ),
      okText: '移除并保存',
      cancelText: '返回修改',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** The error a form's submit rejects with when staff go back to edit the body. */
export const SANITIZE_CANCELLED = '已取消保存，请修改正文后再发布';

const BODY_CSS = `
.uc-notice-body { line-height: 1.8; overflow-wrap: anywhere; }
.uc-notice-body img { max-width: 100%; height: auto; }
.uc-notice-body table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
.uc-notice-body td, .uc-notice-body th { border: 1px solid #d9d9d9; padding: 4px 8px; }
.uc-notice-body th { background: #fafafa; }
.uc-notice-body blockquote { border-left: 3px solid #d9d9d9; margin: 0; padding-left: 12px; color: #595959; }
`;

/** A body as members see it: HTML the server sanitized on save (never anything else). */
export function NoticeBody({ html }: { html: string }) {
  if (!html) return <Typography.Text type="secondary">暂无正文</Typography.Text>;
  return (
    <>
      <style>{BODY_CSS}</style>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allow-list sanitizer wrote this HTML */}
      <div className="uc-notice-body" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
