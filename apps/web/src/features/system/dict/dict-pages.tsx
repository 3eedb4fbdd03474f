import { dictBizResource, dictResource } from '@helio/contracts/modules/dict/dict.resource';
import { DictScreen } from './dict-screen';

/** System dictionaries (platform-wide): codes and items side by side. */
export function DictPage() {
  return <DictScreen resource={dictResource} layout="horizontal" />;
}

/** Business dictionaries (per tenant): codes above, items below. */
export function DictBizPage() {
  return <DictScreen resource={dictBizResource} layout="vertical" />;
}
