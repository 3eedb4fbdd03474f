/** The order definitions that share the installer order's tables and screens, by id (an order row's `process`). */
import type { ProcessDefinition } from '../../process/types.js';
import { MAINT_ORDER_PROCESS } from './maint.process.js';
import { EPC_ORDER_PROCESS } from './order.process.js';

export const ORDER_PROCESSES: Readonly<Record<string, ProcessDefinition>> = {
  [EPC_ORDER_PROCESS.id]: EPC_ORDER_PROCESS,
  [MAINT_ORDER_PROCESS.id]: MAINT_ORDER_PROCESS,
};

/** The definition of an order's `process` (the installer order's for an unknown id). */
export const processOf = (id: string | null | undefined): ProcessDefinition => ORDER_PROCESSES[id ?? ''] ?? EPC_ORDER_PROCESS;
