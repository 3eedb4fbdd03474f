/**
 * Optimistic locking in the console (docs/security.md): an edit sends back the `version` its record was loaded at,
 * and the server refuses it with 409 when someone saved the record in between. The save then shows the server's
 * message in a dialog that offers to reload the record (the form's changes are dropped) or to keep editing (to copy
 * them first); it is not toasted twice.
 */
import type { Modal } from 'antd';
import type { TFunction } from 'i18next';
import { CONFLICT_CODE, VERSION_KEY } from '@helio/contracts/crud/resource';
import { HttpError } from '@/core/http/types';
import type { Row } from './use-crud-resource';

/** Codes a save handles itself (pass as `silentCodes`). */
export const CONFLICT_CODES: readonly number[] = [CONFLICT_CODE];

/** The edit body with the version of the record it was made from (when the record has one). */
export function withVersion<T extends Row>(body: T, record: Row | undefined): T {
  const version = record?.[VERSION_KEY];
  if (version === undefined || version === null || version === '') return body;
  return { ...body, [VERSION_KEY]: version };
}

/** The save was refused because the record changed since it was loaded. */
export function isConflict(error: unknown): error is HttpError {
  return error instanceof HttpError && error.code === CONFLICT_CODE;
}

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Shows a conflict: the server's message, "Reload" (calls `reload`) or "Keep editing". */
export function showConflict(modal: ModalApi, t: TFunction, error: HttpError, reload: () => unknown): void {
  void modal.confirm({
    title: t('crud.conflict.title'),
    content: (
      <>
        <p>{error.message}</p>
        <p>{t('crud.conflict.hint')}</p>
      </>
    ),
    okText: t('crud.conflict.reload'),
    cancelText: t('crud.conflict.keep'),
    onOk: () => void reload(),
  });
}

/** A row by id in a page or a tree (children included): the fresh copy of a record after a conflict. */
export function findRow(rows: readonly Row[] | undefined, id: string): Row | undefined {
  for (const r of rows ?? []) {
    if (String(r.id) === id) return r;
    const found = findRow(r.children as Row[] | undefined, id);
    if (found) return found;
  }
  return undefined;
}
