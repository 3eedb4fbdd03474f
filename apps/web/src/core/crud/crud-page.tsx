/**
 * The generic CRUD screen of a resource definition: search form, table (or tree), pagination (10/30/50/100/200),
 * toolbar and row actions shown by the user's permission codes (`<page>_<action>`), the add/edit/view dialog,
 * delete with confirmation and batch delete. Bespoke needs plug in declaratively: field overrides, extra toolbar and
 * row actions, `beforeSubmit` / `afterLoad` / `afterSave`, fixed list parameters and URL overrides.
 */
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Modal, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import { ProProvider } from './pro-provider';
import type { ProColumns, ProTableProps } from '@ant-design/pro-components';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { CrudAction, ResourceDef } from '@helio/contracts/crud/resource';
import { WEBSITE } from '@/core/config';
import type { QueryParams } from '@/core/http/types';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { findRow, isConflict, showConflict, withVersion } from './conflict';
import { CrudFormDialog } from './crud-form-dialog';
import { useDicts } from './dict';
import type { ColumnOverride } from './fields-to-columns';
import { fieldsToColumns } from './fields-to-columns';
import type { FormFieldOverride, FormMode } from './fields-to-form';
import { dictSourcesOf, optionSourcesOf } from './fields-to-form';
import { useLabel } from './labels';
import { useOptionSources } from './options';
import { cleanParams, crudUrls, fetchDetail, useCrudList, useCrudMutations } from './use-crud-resource';
import type { CrudUrls, Row } from './use-crud-resource';

export type FieldOverride = ColumnOverride & FormFieldOverride;

export interface CrudContext {
  /** The list's current filters (search form + fixed parameters, no paging), e.g. for an export. */
  filters: QueryParams;
  selectedRows: Row[];
  selectedKeys: string[];
  clearSelection(): void;
  reload(): void;
  openAdd(defaults?: Row): void;
  openEdit(row: Row): void;
  openView(row: Row): void;
  /** Ask, remove, toast, clear the selection. */
  remove(ids: readonly string[]): void;
  /** The user holds `<page>_<action>`. */
  has(action: string): boolean;
  /** The definition offers the action and the user holds its code. */
  can(action: CrudAction): boolean;
  /** `useModal` instance of the page (confirm dialogs). */
  modal: ReturnType<typeof Modal.useModal>[0];
}

export interface SubmitContext {
  mode: Exclude<FormMode, 'view'>;
  record?: Row;
}

export interface CrudPageProps {
  resource: ResourceDef;
  fields?: Record<string, FieldOverride | undefined>;
  /** Fixed list parameters (e.g. the department chosen in a tree beside the table). */
  params?: QueryParams;
  urls?: Partial<CrudUrls>;
  /** Query parameter that carries the id on `detail` (default `id`). */
  detailIdParam?: string;
  /** Use the row itself instead of calling `detail` when editing or viewing. */
  detailFromRow?: boolean;
  /** Initial values of a new record. */
  defaults?: () => Row;
  beforeSubmit?: (values: Row, ctx: SubmitContext) => Row | Promise<Row>;
  afterLoad?: (record: Row, mode: FormMode) => Row | Promise<Row>;
  afterSave?: (result: unknown, ctx: SubmitContext & { values: Row }) => void;
  toolbar?: (ctx: CrudContext) => ReactNode;
  rowActions?: (row: Row, ctx: CrudContext) => ReactNode;
  /** Rows that cannot be edited or removed (sealed dictionary items). */
  locked?: (row: Row) => boolean;
  /** Row checkboxes even without batch delete (e.g. for toolbar actions on several rows). */
  selectable?: boolean;
  /** Don't load the list yet (e.g. items until a parent is chosen). */
  enabled?: boolean;
  title?: ReactNode;
  /** Extra ProTable props (row click, size …). */
  tableProps?: Partial<ProTableProps<Row, Record<string, unknown>>>;
}

const EMPTY_PARAMS: QueryParams = {};

export function CrudPage(props: CrudPageProps) {
  const {
    resource: def,
    fields: overrides,
    params = EMPTY_PARAMS,
    urls: urlOverrides,
    detailIdParam = 'id',
    detailFromRow = false,
    defaults,
    beforeSubmit,
    afterLoad,
    afterSave,
    toolbar,
    rowActions,
    locked,
    selectable,
    enabled = true,
    title,
    tableProps,
  } = props;
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { has: hasCode } = usePermission();
  const [modal, modalHolder] = Modal.useModal();
  const urls = useMemo(() => crudUrls(def, urlOverrides), [def, urlOverrides]);

  const [filters, setFilters] = useState<QueryParams>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(WEBSITE.pageSize);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [selected, setSelected] = useState<{ keys: string[]; rows: Row[] }>({ keys: [], rows: [] });
  const [dialog, setDialog] = useState<{ open: boolean; mode: FormMode; record?: Row; source?: Row }>({ open: false, mode: 'add' });

  const tree = Boolean(def.tree);
  const listParams = useMemo(
    () => cleanParams({ ...(tree ? {} : { current, size }), ...sort, ...filters, ...params }),
    [tree, current, size, sort, filters, params],
  );
  const list = useCrudList(def, listParams, { url: urls.list, enabled });
  const { submit, remove } = useCrudMutations(def, urls);

  // Deleting the last rows of the last page: step back to a page that has rows.
  const emptyPage = !tree && list.data !== undefined && !list.data.tree && list.data.rows.length === 0 && list.data.total > 0 && current > 1;
  useEffect(() => {
    if (emptyPage) setCurrent((c) => Math.max(1, Math.min(c - 1, Math.ceil((list.data?.total ?? 0) / size))));
  }, [emptyPage, list.data?.total, size]);

  const dicts = useDicts(useMemo(() => dictSourcesOf(def.fields), [def.fields]));
  const options = useOptionSources(useMemo(() => optionSourcesOf(def, def.fields.filter((f) => f.table !== false || f.search)), [def]));

  const has = useCallback((action: string) => hasCode(`${def.page}_${action}`), [hasCode, def.page]);
  const can = useCallback(
    (action: CrudAction) => def.actions.includes(action) && has(action === 'batchDelete' ? 'delete' : action),
    [def.actions, has],
  );

  const clearSelection = useCallback(() => setSelected({ keys: [], rows: [] }), []);

  const openDialog = useCallback(
    async (mode: FormMode, row?: Row, preset?: Row) => {
      if (mode === 'add') {
        setDialog({ open: true, mode, record: { ...(defaults?.() ?? {}), ...(preset ?? {}) } });
        return;
      }
      setDialog({ open: true, mode, record: undefined, source: row });
      try {
        const loaded = detailFromRow || !row?.id ? { ...row } : await fetchDetail(urls.detail, String(row.id), detailIdParam);
        const record = afterLoad ? await afterLoad(loaded, mode) : loaded;
        setDialog((d) => (d.open && d.source === row ? { ...d, record } : d));
      } catch (error) {
        console.error(error);
        setDialog({ open: false, mode });
      }
    },
    [defaults, detailFromRow, urls.detail, detailIdParam, afterLoad],
  );

  const confirmRemove = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) {
        toast.warning(t('crud.selectOne'));
        return;
      }
      void modal.confirm({
        title: t('crud.confirm.title'),
        content: t('crud.confirm.delete'),
        okText: t('crud.confirm.ok'),
        cancelText: t('crud.confirm.cancel'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await remove.mutateAsync(ids);
            toast.success(t('crud.success'));
            clearSelection();
          } catch (error) {
            console.error(error);
          }
        },
      });
    },
    [modal, remove, t, clearSelection],
  );

  const ctx: CrudContext = {
    filters: cleanParams({ ...filters, ...params }),
    selectedRows: selected.rows,
    selectedKeys: selected.keys,
    clearSelection,
    reload: () => void list.refetch(),
    openAdd: (preset) => void openDialog('add', undefined, preset),
    openEdit: (row) => void openDialog('edit', row),
    openView: (row) => void openDialog('view', row),
    remove: confirmRemove,
    has,
    can,
    modal,
  };

  /** After a conflict: the list and the record as saved now (from the refreshed list when the page edits rows). */
  const reloadRecord = async (id: string) => {
    const fresh = await list.refetch();
    await openDialog('edit', detailFromRow ? (findRow(fresh.data?.rows, id) ?? dialog.source) : (dialog.source ?? { id }));
  };

  const onSave = async (values: Row) => {
    const mode = dialog.mode === 'edit' ? 'edit' : 'add';
    const submitCtx: SubmitContext = { mode, record: dialog.record };
    let body: Row = mode === 'edit' ? withVersion({ ...values, id: dialog.record?.id ?? dialog.source?.id }, dialog.record) : { ...values };
    if (beforeSubmit) body = await beforeSubmit(body, submitCtx);
    const result = await submit.mutateAsync(body).catch((error: unknown) => {
      // Saved by someone else since it was loaded: say so and offer the saved record (the list refreshes too).
      if (isConflict(error)) showConflict(modal, t, error, () => reloadRecord(String(body.id)));
      throw error;
    });
    toast.success(t('crud.success'));
    setDialog({ open: false, mode: dialog.mode });
    afterSave?.(result, { ...submitCtx, values: body });
  };

  const fieldColumns: ProColumns<Row>[] = useMemo(
    () => fieldsToColumns(def, { language: i18n.language, t, dicts, options, overrides }),
    [def, i18n.language, t, dicts, options, overrides],
  );
  const columns = [...fieldColumns];

  const showView = can('view');
  const showEdit = can('edit');
  const showDelete = can('delete');
  const showAddChild = tree && can('add');
  const hasRowActions = showView || showEdit || showDelete || showAddChild || Boolean(rowActions);
  if (hasRowActions) {
    columns.push({
      title: t('crud.column.actions'),
      key: '__actions',
      valueType: 'option',
      fixed: 'right',
      hideInSearch: true,
      render: (_dom, row) => {
        const isLocked = locked?.(row) ?? false;
        const lockedTip = (node: ReactNode, key: string) =>
          isLocked ? (
            <Tooltip key={key} title={t('crud.sealedHint')}>
              {node}
            </Tooltip>
          ) : (
            node
          );
        return (
          <Space size={0} className="helio-crud__row-actions">
            {isLocked && (
              <Tooltip title={t('crud.sealedHint')}>
                <Typography.Text type="secondary" aria-label={t('crud.sealed')}>
                  <LockOutlined />
                </Typography.Text>
              </Tooltip>
            )}
            {showView && (
              <Button type="link" size="small" onClick={() => ctx.openView(row)}>
                {t('crud.action.view')}
              </Button>
            )}
            {showEdit &&
              lockedTip(
                <Button type="link" size="small" disabled={isLocked} onClick={() => ctx.openEdit(row)}>
                  {t('crud.action.edit')}
                </Button>,
                'edit',
              )}
            {showDelete &&
              lockedTip(
                <Button type="link" size="small" danger disabled={isLocked} onClick={() => confirmRemove([String(row.id)])}>
                  {t('crud.action.delete')}
                </Button>,
                'delete',
              )}
            {showAddChild && (
              <Button type="link" size="small" onClick={() => ctx.openAdd({ [def.tree!.parentKey]: String(row.id) })}>
                {t('crud.action.addChild')}
              </Button>
            )}
            {rowActions?.(row, ctx)}
          </Space>
        );
      },
    });
  }

  const batch = can('batchDelete');
  const withSelection = batch || Boolean(selectable);
  const hasSearch = def.fields.some((f) => (overrides?.[f.key]?.search ?? Boolean(f.search)));
  const data = list.data;

  return (
    <ProProvider>
      <div className="helio-crud">
        {modalHolder}
        <ProTable<Row, Record<string, unknown>>
          rowKey="id"
          headerTitle={title ?? label(def.title)}
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={list.isFetching}
          cardBordered
          scroll={{ x: 'max-content' }}
          search={hasSearch ? { labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 12, md: 8, lg: 8, xl: 6, xxl: 6 } } : false}
          onSubmit={(values) => {
            setFilters(cleanParams(values));
            setCurrent(1);
          }}
          onReset={() => {
            setFilters({});
            setCurrent(1);
          }}
          options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
          pagination={
            tree || data?.tree
              ? false
              : {
                  current,
                  pageSize: size,
                  total: data?.total ?? 0,
                  pageSizeOptions: WEBSITE.pageSizes.map(String),
                  showSizeChanger: true,
                  showQuickJumper: true,
                  showTotal: (total) => t('crud.total', { total }),
                  onChange: (page, pageSize) => {
                    if (pageSize !== size) {
                      setSize(pageSize);
                      setCurrent(1);
                    } else setCurrent(page);
                  },
                }
          }
          onChange={(_pagination, _filters, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
            const field = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
            setSort(field ? (s?.order === 'ascend' ? { ascs: field } : { descs: field }) : {});
          }}
          rowSelection={
            withSelection
              ? {
                  selectedRowKeys: selected.keys,
                  onChange: (keys, rows) => setSelected({ keys: keys.map(String), rows: rows.filter(Boolean) }),
                  getCheckboxProps: (row) => ({ disabled: locked?.(row) ?? false }),
                  checkStrictly: true,
                }
              : false
          }
          tableAlertRender={false}
          toolBarRender={() => [
            can('add') && (
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => ctx.openAdd()}>
                {t('crud.action.add')}
              </Button>
            ),
            batch && (
              <Button key="batch-delete" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected.keys)}>
                {t('crud.action.batchDelete')}
              </Button>
            ),
            <Fragment key="extra">{toolbar?.(ctx)}</Fragment>,
          ]}
          {...tableProps}
        />
        <CrudFormDialog
          def={def}
          open={dialog.open}
          mode={dialog.mode}
          record={dialog.record}
          overrides={overrides}
          onSubmit={onSave}
          onClose={() => setDialog({ open: false, mode: dialog.mode })}
        />
      </div>
    </ProProvider>
  );
}
