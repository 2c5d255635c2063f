// 查询资助公示 on 我的公示: any company's funding publicity by part of its name (getPublicityList), so a prospect
// that is not yet a customer can be checked; the results open in a modal, paged inside it.
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
import { usePublicityList } from '../api/get-publicity-list';
import { publicityColumns, publicityKey } from './columns';

const SIZE = 10;

export function PublicitySearch({ userId }: { userId: number }) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const query = usePublicityList(userId, { name, page, size: SIZE }, name !== '');
  return (
    <>
      <Input.Search
        aria-label="查询企业资助公示"
        placeholder="输入企业名称，查询资助公示"
        allowClear
        enterButton="查询公示"
        maxLength={50}
        onSearch={(value) => {
          setPage(1);
          setName(value.trim());
        }}
        style={{ maxWidth: 420 }}
      />
      <Modal
        open={name !== ''}
        onCancel={() => setName('')}
        footer={null}
        width={960}
        title={`资助公示查询：${name}`}
        destroyOnHidden
      >
        <PagedTable
          query={query}
          columns={publicityColumns((page - 1) * SIZE)}
          rowKey={publicityKey}
          page={page}
          size={SIZE}
          onPage={setPage}
          scrollX={720}
        />
      </Modal>
    </>
  );
}
