/**
 * The Configuration area's long lists with Excel (spec §1, issue 15): the app's setting items (`/app-menu`), the
 * protocol address map (`/protocol-mapping`), the version matching list (`/config-update/matching-list`) and the
 * factory versions (`/factory-version`) — each the generic CRUD screen of its definition plus Excel import (template,
 * overwrite switch, row-level errors, optional skip of bad rows) and export of the filtered list, shown by the
 * `<page>_import` / `<page>_export` buttons.
 */
import { factoryVersionResource, matchingListResource } from '@helio/contracts/modules/settings/config-versions.resource';
import { addressMapResource, setItemResource } from '@helio/contracts/modules/settings/settings.resource';
import { SheetCrudPage } from '@/core/crud/sheet-crud-page';

export function SetItemPage() {
  return <SheetCrudPage resource={setItemResource} />;
}

export function AddressMapPage() {
  return <SheetCrudPage resource={addressMapResource} />;
}

export function MatchingListPage() {
  return <SheetCrudPage resource={matchingListResource} />;
}

export function FactoryVersionPage() {
  return <SheetCrudPage resource={factoryVersionResource} />;
}
