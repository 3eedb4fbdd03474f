/**
 * The base-package module's public entry (issue 18): the installer order's design step checks that its
 * `basePackage` names an enabled package of the order's tenant.
 */
import type { PackageService } from './epc-package.service.js';

export type { PackageRow } from './epc-package.service.js';
export { packageError } from './epc-package.messages.js';

export interface EpcPackageApi {
  packages: PackageService;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    'epc-package': EpcPackageApi;
  }
}
