/** System parameters (`blade_param`, platform-wide): one value by its key. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { param } from '../db/schema.js';

/** The live value of the parameter `key`, or undefined when there is none. */
export async function paramValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ v: param.paramValue }).from(param).where(and(eq(param.paramKey, key), eq(param.isDeleted, 0)));
  return row?.v;
}
