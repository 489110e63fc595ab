import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { STORE_LABELS } from './labels';

/** Keyword box with 查询; Enter searches too (spec 2.11). */
export function StoreSearchBox({ onSearch }: { onSearch(keyword: string): void }) {
  const [value, setValue] = useState('');
  const submit = () => onSearch(value.trim());
  return (
    <Space.Compact block>
      <Input
        allowClear
        value={value}
        maxLength={50}
        placeholder={STORE_LABELS.keywordPlaceholder}
        aria-label={STORE_LABELS.keywordPlaceholder}
        data-testid="store-search-input"
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={submit}
      />
      <Button type="primary" data-testid="store-search-button" onClick={submit}>
        {STORE_LABELS.search}
      </Button>
    </Space.Compact>
  );
}
