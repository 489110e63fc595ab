import { SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { openExternalLink } from '../lib/external-link';
import { isExternal } from '../lib/format/link';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { loadMenuSearch, type MenuSearch, type SearchEntry } from './search-index';
import { HeaderIconButton } from './header-icon-button';
import { SHELL_LABELS } from './labels';

const loadSelect = () => import('./header-search-select');
// antd Select (with its virtual list) loads when the search is first opened, not with the shell.
const HeaderSearchSelect = lazy(() => loadSelect().then((m) => ({ default: m.HeaderSearchSelect })));

/**
 * Spec 2.7: fuzzy search over the visible menu, by title, path and the title's pinyin ("ddgl" → 订单管理).
 * Fuse.js and pinyin-pro load only when the search opens.
 */
export function HeaderSearch() {
  const menus = useMenuStore((state) => state.menus);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState<{ menus: typeof menus; search: MenuSearch } | null>(null);
  const [query, setQuery] = useState('');
  const results = useMemo<SearchEntry[]>(() => (index ? index.search(query) : []), [index, query]);

  const show = () => {
    setOpen(true);
    if (index?.menus === menus) return;
    void loadMenuSearch(menus).then((search) => setIndex({ menus, search }));
  };
  const hide = () => {
    setOpen(false);
    setQuery('');
  };
  const onSelect = (path: string) => {
    hide();
    if (isExternal(path)) openExternalLink(path, useSessionStore.getState().token);
    else void navigate(path);
  };

  const button = (
    <HeaderIconButton
      label={SHELL_LABELS.searchOpen}
      testId="header-search-open"
      icon={<SearchOutlined />}
      onClick={show}
      onPointerEnter={() => void loadSelect()}
      onFocus={() => void loadSelect()}
    />
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <HeaderSearchSelect
        query={query}
        onQuery={setQuery}
        options={results.map((entry) => ({ value: entry.path, label: entry.trail.join(' > ') }))}
        onSelect={onSelect}
        onClose={hide}
      />
    </Suspense>
  );
}
