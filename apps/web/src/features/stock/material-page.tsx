/** `/epc/material`: the material list from its definition, with Excel import (row-level errors) and export. */
import { materialResource } from '@helio/contracts/modules/stock/sku.resource';
import { SheetCrudPage } from '@/core/crud/sheet-crud-page';

export function MaterialPage() {
  return <SheetCrudPage resource={materialResource} />;
}
