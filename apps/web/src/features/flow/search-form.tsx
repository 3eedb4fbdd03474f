/**
 * The search row of the flow lists (models, deployments, tracking): the page's fields, Search and Reset, and the
 * page's own buttons after them. Text values are trimmed and empty ones dropped; a search goes back to page 1 and
 * asks again even when the values are unchanged (fresh rows).
 */
import { useState, type ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown>;

/** Page sizes the flow lists offer (their endpoints page up to 100). */
const PAGE_SIZES = [10, 30, 50, 100];

/**
 * The list's query and paging; `search` applies a new query from page 1 and refetches; `pagination(total)` is the
 * table's pager over the same paging.
 */
export function useListSearch<Q extends object>(pageSize = 10) {
  const [query, setQuery] = useState<Q>({} as Q);
  const [paging, setPaging] = useState({ current: 1, size: pageSize });
  const params: Record<string, string | undefined> = { ...(query as Record<string, string | undefined>), current: String(paging.current), size: String(paging.size) };
  const search = (q: Q, refetch: () => unknown) => {
    setQuery(q);
    setPaging((p) => ({ ...p, current: 1 }));
    void refetch();
  };
  const pagination = (total: number | undefined) => ({
    current: paging.current,
    pageSize: paging.size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    onChange: (current: number, size: number) => setPaging({ current, size }),
  });
  return { query, setQuery, paging, setPaging, params, search, pagination };
}

function cleaned<Q extends object>(values: Q): Q {
  const out: Values = {};
  for (const [k, v] of Object.entries(values as Values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== undefined && value !== null) out[k] = value;
  }
  return out as Q;
}

export function SearchForm<Q extends object>({ name, onSearch, onReset, extra, children }: {
  name: string;
  onSearch(query: Q): void;
  onReset(): void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Q>();
  return (
    <Form<Q> form={form} layout="inline" name={name} style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => onSearch(cleaned(v))}>
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('flow.action.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {t('flow.action.reset')}
        </Button>
        {extra}
      </Space>
    </Form>
  );
}
