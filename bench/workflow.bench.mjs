// Issue 16 benchmarks on PostgreSQL (BENCH_PG_URL), each part on a fresh database and server:
// 1. The inbox at scale: BENCH_TASKS (100,000) open tasks of 2,000 users and ten candidate roles (a tenth unassigned),
//    100 of them the administrator's; todo-list and claim-list, p50/p95 of sequential requests beside the raw SQL of the
//    same page (goal: todo list p95 ≤ 100 ms).
// 2. Instances driven to the end through the API: BENCH_INSTANCES (1,000) of a two-step approval (start → first task →
//    second task → end, each task claimed by the administrator's todo list and completed), instances per second,
//    beside the raw insert rate of the rows one instance writes (the instance and its two tasks) sent with node-postgres.
// Run: node bench/workflow.bench.mjs   (builds the server if stale); quick mode: 10,000 tasks, 100 instances.
import pg from 'pg';
import { dropPgDatabase, ensureBuilt, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer, timedRuns } from './lib.mjs';

ensureBuilt();
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TASKS = setting('BENCH_TASKS', 100_000, 10_000);
const INSTANCES = setting('BENCH_INSTANCES', 1_000, 100);
const REQUESTS = setting('BENCH_REQUESTS', 60, 20);
const F = '/api/blade-flow';
/** A fresh database, migrated and seeded by a first start; answers it with a connected client. */
async function freshServerDb(name) {
  const url = await freshPgDatabase(PG_URL, name);
  if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
  const first = await startServer({ DATABASE_URL: url, HELIO_SIMULATOR: 'off' });
  await first.stop({ keepData: true });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return { url, c, dataDir: first.dataDir };
}
const call = async (base, headers, method, path, body) => {
  const r = await fetch(`${base}${F}/${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${r.status} ${j.msg}`);
  return j.data;
};

// --- 1. the inbox at scale -----------------------------------------------------------------------------------------
const inboxRows = [];
{
  const { url, c, dataDir } = await freshServerDb('helio_flow_bench_inbox');
  try {
    const [{ id: adminId }] = (await c.query(`SELECT id::text FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'`)).rows;
    await c.query(
      `INSERT INTO helio_flow_task (id, tenant_id, kind, ref_id, element_id, name, assignee, candidates, status, create_time)
       SELECT 8000000000000000000 + g, '000000', 'epc', g::text, 'step', 'Task ' || g,
         CASE WHEN g % 10 = 0 THEN NULL WHEN g % ($1 / 100) = 1 THEN $2 ELSE (7000000000000000000 + g % 2000)::text END,
         CASE WHEN g % 10 = 0 THEN ARRAY['g:role' || (g % 97 % 10)] ELSE '{}'::text[] END,
         'open', now() - make_interval(secs => g)
       FROM generate_series(1, $1) g`,
      [TASKS, adminId],
    );
    await c.query('ANALYZE helio_flow_task');
    const s = await startServer({ DATABASE_URL: url, HELIO_DATA_DIR: dataDir, HELIO_SIMULATOR: 'off' });
    const headers = await signIn(s.base);
    const get = (path) => async () => {
      const r = await (await fetch(`${s.base}${F}/${path}`, { headers })).json();
      if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
    };
    const row = async (name, http, sql) => inboxRows.push({ name, ...(await timedRuns(REQUESTS, http)), sql: (await timedRuns(REQUESTS, sql)).p95 });
    await row('work/todo-list (first page of 10)', get('work/todo-list?size=10'), () =>
      c.query(`SELECT * FROM helio_flow_task WHERE tenant_id = '000000' AND assignee = $1 AND status IN ('open', 'claimed') ORDER BY create_time DESC, id DESC LIMIT 10`, [adminId])
        .then(() => c.query(`SELECT count(*) FROM helio_flow_task WHERE tenant_id = '000000' AND assignee = $1 AND status IN ('open', 'claimed')`, [adminId])));
    await row('work/todo-list (page 10)', get('work/todo-list?size=10&current=10'), () =>
      c.query(`SELECT * FROM helio_flow_task WHERE tenant_id = '000000' AND assignee = $1 AND status IN ('open', 'claimed') ORDER BY create_time DESC, id DESC LIMIT 10 OFFSET 90`, [adminId]));
    await row('work/claim-list (first page of 10)', get('work/claim-list?size=10'), () =>
      c.query(`SELECT * FROM helio_flow_task WHERE tenant_id = '000000' AND assignee IS NULL AND status = 'open' AND candidates && ARRAY['g:role1','g:role2'] ORDER BY create_time DESC LIMIT 10`));
    await s.stop();
  } finally {
    await c.end();
    await dropPgDatabase(PG_URL, 'helio_flow_bench_inbox');
  }
}

// --- 2. instances driven to the end ----------------------------------------------------------------------------------
const TWO_STEP = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="benchApproval" name="Bench approval" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="First approval" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <userTask id="second" name="Second approval" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
let drive = {};
{
  const { url, c, dataDir } = await freshServerDb('helio_flow_bench_run');
  try {
    const s = await startServer({ DATABASE_URL: url, HELIO_DATA_DIR: dataDir, HELIO_SIMULATOR: 'off' });
    const headers = await signIn(s.base);
    await call(s.base, headers, 'POST', 'model/submit', { modelKey: 'benchApproval', name: 'Bench approval', xml: TWO_STEP });
    const model = (await call(s.base, headers, 'GET', 'model/list?size=50')).records.find((m) => m.modelKey === 'benchApproval');
    await call(s.base, headers, 'POST', `model/deploy?modelId=${model.id}&category=bench&tenantIds=000000`);
    const defId = (await call(s.base, headers, 'GET', 'work/start-list?size=50')).records.find((d) => d.key === 'benchApproval').id;
    const t0 = performance.now();
    for (let i = 0; i < INSTANCES; i++) {
      await call(s.base, headers, 'POST', 'work/start-process', { processDefinitionId: defId, businessKey: `b${i}`, variables: { n: i } });
      for (let step = 0; step < 2; step++) {
        const [task] = (await call(s.base, headers, 'GET', 'work/todo-list?size=1')).records;
        await call(s.base, headers, 'POST', 'work/complete-task', { taskId: task.taskId, processInstanceId: task.processInstanceId, pass: true, comment: 'ok' });
      }
    }
    const apiSeconds = (performance.now() - t0) / 1000;
    await s.stop();
    // The raw rate: the rows one instance writes (the instance and its two tasks), one transaction per instance.
    const t1 = performance.now();
    for (let i = 0; i < INSTANCES; i++) {
      await c.query('BEGIN');
      await c.query(`INSERT INTO helio_flow_instance (id, tenant_id, definition_id, definition_key, definition_name, business_key, state, status, start_user) VALUES ($1, '000000', 'x', 'x', 'x', $2, '{}', 'completed', '1')`, [`${9100000000000000000n + BigInt(i)}`, `r${i}`]);
      for (let k = 0; k < 2; k++) {
        await c.query(`INSERT INTO helio_flow_task (id, tenant_id, kind, ref_id, element_id, name, status) VALUES ($1, '000000', 'bpmn', $2, 'step', 'Step', 'completed')`, [`${9200000000000000000n + BigInt(i * 2 + k)}`, `${i}`]);
      }
      await c.query('COMMIT');
    }
    const rawSeconds = (performance.now() - t1) / 1000;
    drive = { instances: INSTANCES, apiPerSecond: Number((INSTANCES / apiSeconds).toFixed(1)), rawPerSecond: Number((INSTANCES / rawSeconds).toFixed(1)) };
  } finally {
    await c.end();
    await dropPgDatabase(PG_URL, 'helio_flow_bench_run');
  }
}

console.log(JSON.stringify({ bench: 'workflow', quick, tasks: TASKS, requests: REQUESTS, ...drive, machine: machine(), loadavg: loadavg() }));
console.table(inboxRows.map((r) => ({ route: r.name, 'p50 ms': r.p50, 'p95 ms': r.p95, 'raw SQL p95 ms': r.sql })));
console.table([{ 'instances driven to the end': drive.instances, 'API instances/s': drive.apiPerSecond, 'raw insert instances/s': drive.rawPerSecond, ratio: Number((drive.apiPerSecond / drive.rawPerSecond).toFixed(2)) }]);
