/**
 * A module for the CRUD engine's tests: posts again, under `/api/crud-probe/post`, with the `POST page/{size}/{current}`
 * list form and hooks that write a second table inside the row's transaction (a `param` keyed by the post code) and
 * fail on demand (remark `fail-after-write`, `fail-after-remove`) after everything else was written.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { postResource } from '@helio/contracts/modules/post/post.resource';
import { BizError } from '../src/core/errors.js';
import { nextId } from '../src/core/ids.js';
import { registerCrud, type AuditedTable } from '../src/crud/register-crud.js';
import { param, post } from '../src/db/schema.js';
import { defineModule } from '../src/kernel/types.js';

export const probeResource: ResourceDef = { ...postResource, name: 'post-probe', api: '/api/crud-probe/post', postPage: true };

/** What the hooks handed to `afterCommit`, in order (`write:<id>`, `remove:<id>`). */
export const committed: string[] = [];

export const probeParamKey = (postCode: string) => `probe.${postCode}`;

export const crudProbe = defineModule({
  name: 'crud-probe',
  routes(app, ctx) {
    registerCrud(app, ctx, probeResource, post as unknown as AuditedTable, {
      writeWithin: async (call, id, values, inserted) => {
        if (!inserted) return;
        const paramKey = probeParamKey(String(values.postCode));
        await call.db.insert(param).values({ id: nextId(), paramName: 'crud probe', paramKey, paramValue: id, createUser: call.actor.userId });
        return { paramKey };
      },
      afterWrite: (call, id, values) => {
        if (values.remark === 'fail-after-write') throw new BizError('failure');
        call.afterCommit(() => void committed.push(`write:${id}`));
      },
      afterRemove: async (call, ids) => {
        const rows = await call.db.select({ remark: post.remark }).from(post).where(and(inArray(post.id, ids), eq(post.isDeleted, 1)));
        if (rows.some((r) => r.remark === 'fail-after-remove')) throw new BizError('failure');
        call.afterCommit(() => void committed.push(...ids.map((id) => `remove:${id}`)));
      },
    });
  },
});
