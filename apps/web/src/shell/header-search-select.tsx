import { Select } from 'antd';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';

type HeaderSearchSelectProps = {
  query: string;
  onQuery: (query: string) => void;
  options: { value: string; label: string }[];
  onSelect: (path: string) => void;
  onClose: () => void;
};

/** The open menu search (spec 2.7), loaded by header-search.tsx on first use. */
export function HeaderSearchSelect({ query, onQuery, options, onSelect, onClose }: HeaderSearchSelectProps) {
  return (
    <Select
      className={styles.search}
      data-testid="header-search"
      showSearch={{ filterOption: false, onSearch: onQuery, searchValue: query }}
      autoFocus
      defaultOpen
      value={null}
      placeholder={SHELL_LABELS.searchPlaceholder}
      notFoundContent={query.trim() ? SHELL_LABELS.searchEmpty : null}
      options={options}
      onSelect={(path: unknown) => {
        if (typeof path === 'string') onSelect(path);
      }}
      onBlur={onClose}
    />
  );
}
