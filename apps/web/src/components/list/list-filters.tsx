import { Button, Checkbox, Input } from 'antd';
import type { ReactNode } from 'react';
import { DateRangePresetPicker } from '../date-range-preset-picker';
import { COMMON_LABELS } from '../labels';
import { dateFilterOfQuery, queryOfDateFilter, type dateUrlShape, type UrlQuery } from './list-query';
import styles from './list.module.css';

type DateQuery = UrlQuery<typeof dateUrlShape>;

/** The part of `useListQuery` these filters use: a URL shape with `...dateUrlShape` and a `keyword`. */
type DateKeywordQuery = {
  query: DateQuery & { keyword: string };
  setQuery(patch: Partial<DateQuery> & { keyword?: string }): void;
  reset(): void;
  /** The keyword's limit, from the URL shape's `urlField.keyword(max)`. */
  keywordMax?: number;
};

type Props = {
  listQuery: DateKeywordQuery;
  /** Test ids `${name}-date` and `${name}-keyword`. */
  name: string;
  /** The page's list labels: the date range's and the keyword's placeholders. */
  labels: { datePlaceholder: [string, string]; keywordPlaceholder: string };
  /** The page's own filters, between the date and the keyword. */
  children?: ReactNode;
};

/**
 * The filters most lists have: the date range with its presets, the keyword (Enter searches; the URL's keyword
 * fills the box) and 重置. For <ListPage>'s `filters`.
 */
export function DateKeywordFilters({ listQuery, name, labels, children }: Props) {
  const { query, setQuery } = listQuery;
  return (
    <KeywordFilters listQuery={listQuery} name={name} placeholder={labels.keywordPlaceholder}>
      <DateRangePresetPicker
        data-testid={`${name}-date`}
        value={dateFilterOfQuery(query)}
        placeholder={labels.datePlaceholder}
        onChange={(date) => setQuery(queryOfDateFilter(date))}
      />
      {children}
    </KeywordFilters>
  );
}

/** The part of `useListQuery` the keyword box uses: a URL shape with a `keyword`. */
type KeywordQuery = {
  query: { keyword: string };
  setQuery(patch: { keyword?: string }): void;
  reset(): void;
  keywordMax?: number;
};

/**
 * A list's own filters (children), then the keyword (Enter searches; the URL's keyword fills the box) and 重置:
 * the filters of a list without dates. Test id `${name}-keyword`.
 */
export function KeywordFilters({
  listQuery,
  name,
  placeholder,
  children,
}: {
  listQuery: KeywordQuery;
  name: string;
  placeholder: string;
  children?: ReactNode;
}) {
  const { query, setQuery } = listQuery;
  return (
    <>
      {children}
      <Input.Search
        data-testid={`${name}-keyword`}
        className={styles.keyword}
        allowClear
        maxLength={listQuery.keywordMax}
        placeholder={placeholder}
        key={query.keyword}
        defaultValue={query.keyword}
        onSearch={(value) => setQuery({ keyword: value.trim() })}
      />
      <Button onClick={listQuery.reset}>{COMMON_LABELS.reset}</Button>
    </>
  );
}

/**
 * An on/off filter of a list (a check box over a `urlField.flag()` field): checking it sets the field, back to
 * page 1 as any filter. Test id `${name}-${field}`.
 */
export function FlagFilter<Field extends string>({
  listQuery,
  name,
  field,
  label,
}: {
  listQuery: { query: Record<Field, boolean>; setQuery(patch: Partial<Record<Field, boolean>>): void };
  name: string;
  field: Field;
  label: string;
}) {
  return (
    <Checkbox
      data-testid={`${name}-${field}`}
      checked={listQuery.query[field]}
      onChange={(event) =>
        listQuery.setQuery({ [field]: event.target.checked } as Partial<Record<Field, boolean>>)
      }
    >
      {label}
    </Checkbox>
  );
}
