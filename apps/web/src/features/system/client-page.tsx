/** OAuth clients: the definition's screen, with the secret write-only. */
import { clientResource } from '@helio/contracts/modules/client/client.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { FieldOverride } from '@/core/crud/crud-page';

/** The secret is write-only: required for a new client, left empty on edit to keep the stored one. */
const CLIENT_FIELDS: Record<string, FieldOverride> = { clientSecret: { requiredIn: ['add'], hidden: (mode) => mode === 'view' } };

export function ClientPage() {
  return <CrudPage resource={clientResource} fields={CLIENT_FIELDS} />;
}
