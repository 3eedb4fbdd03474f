/**
 * What a refused step shows: a stale version (409) the shared conflict dialog (core/crud conflict.tsx) whose
 * "Reload" reloads the order; a 400 its messages on the fields they name or on the list rows holding the value they
 * end with (step-errors.ts), and as a toast;
 * anything else the server's message.
 */
import { Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDef } from '@helio/contracts/process/types';
import '@/core/crud/locale';
import { isConflict, showConflict } from '@/core/crud/conflict';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import { flattenFields, formFields } from '@/core/stage/schema-model';
import { fieldErrors, valueErrors } from './step-errors';

/** The form's field paths (list rows' fields without their index). */
const pathsOf = (form: FormDef) => new Set(flattenFields(formFields(form.schema)).map((n) => n.path));

export function useStepErrors(form: FormInstance | undefined, formDef: FormDef | undefined, reload: () => void) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const handle = (e: unknown) => {
    if (isConflict(e)) {
      showConflict(modal, t, e, reload);
      return;
    }
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof HttpError && e.code === 400 && form && formDef) {
      const { fields, rest } = fieldErrors(message, formDef.key);
      const known = pathsOf(formDef);
      const placed = [
        ...fields.filter((f) => known.has(f.name.filter((s) => typeof s === 'string').join('.'))),
        // "Inverter serial does not exist: INV-1": on the row that holds it.
        ...valueErrors(rest, form.getFieldsValue(true)).fields,
      ];
      if (placed.length) form.setFields(placed.map((f) => ({ name: f.name, errors: f.errors })));
      // The whole message too: a field may sit in a part of the form scrolled away.
      toast.error(message);
      return;
    }
    toast.error(message || t('common.http.unknownError'));
  };
  return { handle, modalHolder };
}
