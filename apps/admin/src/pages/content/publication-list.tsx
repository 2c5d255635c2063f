// One list serves both tabs of 内容, 政策 and 新闻: the list with its filters and 导出; 新建 and 编辑 in a modal form
// (ActionModal, no reason: the audit row keeps before and after) that publishes now or at a later time, a published
// item keeping what the server fixes; 撤回 with a reason; 预览 as the member's pages show it. What differs between the
// two — fields, columns, labels, calls — is a PublicationKind (policy.tsx, news.tsx). The changing actions show only to
// roles holding content.write (the server refuses the others too).

import { useQuery } from '@tanstack/react-query';
import { type ContentWithdrawBody, type Endpoint, MSG } from '@uc/shared';
import { Alert, Button, Drawer, Modal, Space, Spin, type TableColumnsType } from 'antd';
import { type ComponentType, useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage } from '../../components/list-page';
import type { SearchField } from '../../components/search-form';
import { useListQuery } from '../../components/use-list-query';
import { call } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { SANITIZE_CANCELLED } from './notice-fields';
import {
  actionsColumn,
  PUBLICATION_FIELDS,
  type Publication,
  type PublishTimeValues,
  publishAtOf,
  publishTimeOf,
  WithdrawModal,
} from './publication';

/** The path of one item: its `{id}` filled by the call. */
type ItemPath = `${string}{${string}}${string}`;

/**
 * One kind of published content: its rows `T`, its form's own values `V` (the publish time is the list's) and the
 * body `B` its create and update calls send.
 */
export interface PublicationKind<T extends Publication, V extends object, B = object> {
  /** The list's title. */
  title: string;
  /** The list's query key (its first part): a change refetches it. */
  queryKey: string;
  /** The paths of the list (GET) and its export. */
  api: { list: string; export: string };
  /** The changes, declared in STAFF_CALLS: create, update (the item's id) and withdraw (with a reason). */
  calls: {
    create: Endpoint<string, B, T>;
    update: Endpoint<ItemPath, B, T>;
    withdraw: Endpoint<ItemPath, ContentWithdrawBody, T>;
  };
  /** The kind's own filters before title, state and publish date. */
  fields: readonly SearchField[];
  /** The columns before 操作, and the table's width for horizontal scrolling. */
  columns: TableColumnsType<T>;
  scrollX: number;
  /** The 导出 file's name when the server gives none. */
  exportName: string;
  form: {
    /** The modal's title on 新建, and on 编辑 before the item's `#id`. */
    newTitle: string;
    editTitle: string;
    /** The note over a published item's form: what it keeps. */
    publishedFixed: string;
    /** The form's values of an item (null on 新建), and the call's body of the values and the publish time. */
    initialOf: (item: T | null) => Partial<V>;
    bodyOf: (values: V, publishAt: string | null) => B;
    /** The fields; `fixed` for a published item, whose fixed fields are disabled. */
    Fields: ComponentType<{ fixed: boolean }>;
    /** The item whole (its content) before 编辑 opens, when the list's row is not all of it. */
    load?: (item: T) => Promise<T>;
    /** Before sending: false keeps the form open (staff went back to edit). */
    confirm?: (body: B) => Promise<boolean>;
  };
  /** 预览: the drawer's width and what it shows. */
  preview: { size: number; Body: ComponentType<{ item: T }> };
  /** What members no longer see after 撤回, said in its modal. */
  withdrawNote: string;
}

/** 新建 (item null) or 编辑 of one item. */
function PublicationForm<T extends Publication, V extends object, B>({
  kind,
  open,
  item,
  onClose,
}: {
  kind: PublicationKind<T, V, B>;
  open: boolean;
  item: T | null;
  onClose: () => void;
}) {
  const { newTitle, editTitle, publishedFixed, initialOf, bodyOf, Fields, load, confirm } = kind.form;
  const fixed = item?.state === 'published';
  const whole = useQuery({
    queryKey: [kind.queryKey, 'item', item?.id],
    queryFn: () => (item && load ? load(item) : Promise.resolve(item)),
    enabled: open && item !== null && load !== undefined,
    gcTime: 0,
  });
  if (open && item && load && !whole.data)
    return (
      <Modal title={`${editTitle} #${item.id}`} open onCancel={onClose} footer={null}>
        {whole.error ? (
          <Alert type="error" showIcon title={whole.error.message} />
        ) : (
          <Spin tip="加载中">
            <div style={{ height: 120 }} />
          </Spin>
        )}
      </Modal>
    );
  const shown = item && load ? (whole.data ?? item) : item;
  return (
    <ActionModal<V & PublishTimeValues>
      title={item ? `${editTitle} #${item.id}` : newTitle}
      open={open}
      onClose={onClose}
      reasonLabel={false}
      okText={item ? '保存' : '发布'}
      successText={item ? MSG.contentSaved : MSG.contentPublished}
      invalidate={[kind.queryKey]}
      // The kind's values and the publish time together; TypeScript does not see that a partial V beside the whole
      // publish time is a partial of both while V is open.
      initialValues={{ ...initialOf(shown), ...publishTimeOf(shown) } as Partial<V & PublishTimeValues>}
      submit={async (values) => {
        const input = bodyOf(values, publishAtOf(values));
        if (confirm && !(await confirm(input))) throw new Error(SANITIZE_CANCELLED);
        return item ? call(kind.calls.update, { id: item.id, input }) : call(kind.calls.create, { input });
      }}
    >
      {fixed && <Alert type="info" showIcon title={publishedFixed} style={{ marginBottom: 16 }} />}
      <Fields fixed={fixed} />
    </ActionModal>
  );
}

type Open<T> = { kind: 'form'; item: T | null } | { kind: 'withdraw' | 'preview'; item: T };

export function PublicationList<T extends Publication, V extends object, B>({
  kind,
}: {
  kind: PublicationKind<T, V, B>;
}) {
  const list = useListQuery<T>({
    title: kind.title,
    key: kind.queryKey,
    path: kind.api.list,
    fields: [...kind.fields, ...PUBLICATION_FIELDS],
    exportTo: { path: kind.api.export, fileName: kind.exportName, permission: 'content.export' },
  });
  const writer = can(useSession().data, 'content.write');
  const [open, setOpen] = useState<Open<T> | null>(null);
  const close = () => setOpen(null);
  const Preview = kind.preview.Body;

  const columns: TableColumnsType<T> = [
    ...kind.columns,
    actionsColumn<T>(writer, (action, item) =>
      setOpen(action === 'form' ? { kind: action, item } : { kind: action, item }),
    ),
  ];

  return (
    <>
      <ListPage<T>
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={kind.scrollX}
        actions={
          writer && (
            <Button type="primary" onClick={() => setOpen({ kind: 'form', item: null })}>
              新建
            </Button>
          )
        }
      />
      <PublicationForm<T, V, B>
        key={open?.kind === 'form' ? (open.item?.id ?? 'new') : 'closed'}
        kind={kind}
        open={open?.kind === 'form'}
        item={open?.kind === 'form' ? open.item : null}
        onClose={close}
      />
      <Drawer
        title="预览（会员端显示）"
        open={open?.kind === 'preview'}
        onClose={close}
        size={kind.preview.size}
        destroyOnHidden
      >
        {open?.kind === 'preview' && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Preview item={open.item} />
          </Space>
        )}
      </Drawer>
      {open?.kind === 'withdraw' && (
        <WithdrawModal
          id={open.item.id}
          title={open.item.title}
          withdraw={(reason) => call(kind.calls.withdraw, { id: open.item.id, input: { reason } })}
          invalidate={[kind.queryKey]}
          note={kind.withdrawNote}
          onClose={close}
        />
      )}
    </>
  );
}
