/**
 * Dictionaries: the codes (parent rows, paged) and the items of the chosen code (paged), each on the generic screen
 * with the dictionary definition. System dictionaries side by side (`/dict-horizontal/index`), business ones stacked
 * (`/dict-vertical/index`). A sealed row (isSealed 1) shows a lock and cannot be edited, removed or selected.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row as GridRow, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride, SubmitContext } from '@/core/crud/crud-page';
import type { Row } from '@/core/crud/use-crud-resource';
import './dict.css';

const PARENT_ONLY_HIDDEN = ['dictKey', 'parentId', 'attribute1', 'attribute2', 'attribute3'];

/** Search form of a half-width table: two fields a row. */
const NARROW_SEARCH = { labelWidth: 'auto' as const, span: 12, defaultCollapsed: false };
/** The codes table needs no sort column (items are sorted; codes are found by code and name). */
const PARENT_FIELDS: Record<string, FieldOverride> = { sort: { table: false } };

const CHILD_FIELDS: Record<string, FieldOverride> = {
  // The items all carry their parent's code: shown, not editable, not worth a search field.
  code: { disabled: true, search: false },
  dictKey: { requiredIn: ['add', 'edit'] },
};

export const isSealed = (row: Row) => Number(row.isSealed) === 1;

/** A paged (not tree) variant of the definition: the parent-list / child-list routes take no sort parameters. */
function pagedDef(resource: ResourceDef, keep: (key: string) => boolean): ResourceDef {
  return { ...resource, tree: undefined, fields: resource.fields.filter((f) => keep(f.key)).map((f) => ({ ...f, sortable: false })) };
}

export function DictScreen({ resource, layout }: { resource: ResourceDef; layout: 'horizontal' | 'vertical' }) {
  const { t, i18n } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);

  const parentDef = useMemo(() => pagedDef(resource, (k) => !PARENT_ONLY_HIDDEN.includes(k)), [resource]);
  const childDef = useMemo(() => pagedDef(resource, (k) => k !== 'parentId'), [resource]);

  const parentUrls = useMemo(() => ({ list: `${resource.api}/parent-list` }), [resource.api]);
  const childUrls = useMemo(() => ({ list: `${resource.api}/child-list` }), [resource.api]);
  const childParams = useMemo(() => (parent ? { parentId: String(parent.id) } : {}), [parent]);

  /** Items need a key (codes have none). */
  const childFields = CHILD_FIELDS;

  const parentDefaults = useMemo(() => () => ({ isSealed: 0, sort: 1, language: i18n.language }), [i18n.language]);
  const childDefaults = useMemo(
    () => () => ({ code: parent?.code ?? '', isSealed: 0, sort: 1, language: parent?.language || i18n.language }),
    [parent, i18n.language],
  );
  const childBeforeSubmit = useMemo(
    () => (values: Row, ctx: SubmitContext) => (ctx.mode === 'add' ? { ...values, parentId: String(parent?.id ?? '') } : values),
    [parent],
  );

  const parentTable = (
    <CrudPage
      resource={parentDef}
      urls={parentUrls}
      defaults={parentDefaults}
      locked={isSealed}
      title={t('system.dict.codes')}
      rowActions={(row: Row, _ctx: CrudContext) => (
        <Button type="link" size="small" onClick={() => setParent(row)}>
          {t('system.dict.items')}
        </Button>
      )}
      fields={PARENT_FIELDS}
      tableProps={{
        ...(layout === 'horizontal' ? { search: NARROW_SEARCH } : {}),
        onRow: (row) => ({ onClick: () => setParent(row), style: { cursor: 'pointer' } }),
        rowClassName: (row) => (parent && row.id === parent.id ? 'helio-dict__row--current' : ''),
      }}
    />
  );

  const childTable = parent ? (
    <CrudPage
      key={String(parent.id)}
      resource={childDef}
      urls={childUrls}
      params={childParams}
      fields={childFields}
      defaults={childDefaults}
      beforeSubmit={childBeforeSubmit}
      locked={isSealed}
      {...(layout === 'horizontal' ? { tableProps: { search: NARROW_SEARCH } } : {})}
      title={
        <span>
          {t('system.dict.itemsOf')} <Typography.Text code>{String(parent.code ?? '')}</Typography.Text> {String(parent.dictValue ?? '')}
        </span>
      }
    />
  ) : (
    <Card>
      <Empty description={t('system.dict.pickCode')} />
    </Card>
  );

  if (layout === 'vertical') {
    return (
      <div className="helio-dict helio-dict--vertical">
        {parentTable}
        <div style={{ height: 16 }} />
        {childTable}
      </div>
    );
  }
  return (
    <GridRow gutter={16} className="helio-dict helio-dict--horizontal">
      <Col xs={24} xl={12}>
        {parentTable}
      </Col>
      <Col xs={24} xl={12}>
        {childTable}
      </Col>
    </GridRow>
  );
}
