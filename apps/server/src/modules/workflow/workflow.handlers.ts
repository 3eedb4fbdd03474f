/**
 * The service-task allow-list: the only code a model may run (`flowable:delegateExpression="${name}"` or
 * `helio:handler="name"`). Each is harmless: it reads the variables and answers new ones; none reaches the network
 * or the database. A model naming anything else is refused when deployed.
 */
import type { ServiceHandler } from '../../flow/index.js';
import type { Logger } from '../../kernel/types.js';

export function serviceHandlers(log: Logger): Record<string, ServiceHandler> {
  return {
    /** Records that the applicant is to be told (the inbox shows the instance's state; the variable marks when). */
    notifyInitiator: async (vars, el) => {
      log.info({ element: el.id, initiator: vars.applyUser ?? vars.initiator }, 'workflow: notify initiator');
      return { notifiedAt: new Date().toISOString() };
    },
    /** `approved = true`. */
    markApproved: async () => ({ approved: true }),
    /** `approved = false`. */
    markRejected: async () => ({ approved: false }),
  };
}

export const SERVICE_HANDLER_NAMES = ['notifyInitiator', 'markApproved', 'markRejected'] as const;
