import { RESOURCES } from '@helio/contracts/resources';
import { CrudPage } from './crud-page';

/** The generic screen of a resource named in `RESOURCES` (modules without a bespoke page). */
export function ResourcePage({ name }: { name: string }) {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`unknown resource ${name}`);
  return <CrudPage key={def.name} resource={def} />;
}
