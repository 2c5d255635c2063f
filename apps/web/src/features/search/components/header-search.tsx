// The header's search box: on a desktop an input that opens 搜索 with its words; on a phone an icon opening the page.
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_QUERY_MAX } from '@uc/shared';
import { Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { paths, searchPath } from '../../../paths';
import './header-search.css';

export function HeaderSearch({ phone }: { phone: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  if (phone) return <LinkButton type="text" icon={<SearchOutlined />} to={paths.search} aria-label="搜索" />;
  return (
    <Input.Search
      className="uc-header-search"
      placeholder="搜索政策、公示、新闻"
      aria-label="搜索政策、公示、新闻"
      maxLength={SEARCH_QUERY_MAX}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => {
        const q = value.trim();
        navigate(q ? searchPath(q) : paths.search);
      }}
    />
  );
}
