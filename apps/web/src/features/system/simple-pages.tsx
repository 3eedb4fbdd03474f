/** System screens that are their definition and nothing else. */
import { clientResource } from '@helio/contracts/modules/client/client.resource';
import { deptResource } from '@helio/contracts/modules/dept/dept.resource';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { postResource } from '@helio/contracts/modules/post/post.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { FieldOverride } from '@/core/crud/crud-page';

export function ParamPage() {
  return <CrudPage resource={paramResource} />;
}

export function PostPage() {
  return <CrudPage resource={postResource} />;
}

export function DeptPage() {
  return <CrudPage resource={deptResource} />;
}

/** The secret is write-only: required for a new client, left empty on edit to keep the stored one. */
const CLIENT_FIELDS: Record<string, FieldOverride> = { clientSecret: { requiredIn: ['add'], hidden: (mode) => mode === 'view' } };

export function ClientPage() {
  return <CrudPage resource={clientResource} fields={CLIENT_FIELDS} />;
}
