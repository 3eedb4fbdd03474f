/**
 * The seeded leave process (issue 16) walked in the browser by the people it routes to, once per language. The server
 * runs without demo data, so the walk makes its people through the API (the seeded `hr`, `manager`, `boss` roles):
 * an applicant, an HR officer who is also a department manager, and a general manager (boss).
 *
 * zh-CN: the applicant files 2 days on the form (the days counted from start and end), HR approves it from the todo
 * list with a comment, the manager claims the ≤ 3 days task and approves, the applicant sees it finished on the
 * sent list, and the detail page shows the history and the flow chart.
 * en-US: 5 days — HR approves, the boss (not a manager) claims and approves.
 * Reject: the manager rejects with a comment; the applicant gets the "adjust" task and resubmits.
 * Conflict: the task is completed elsewhere while the handle page is open; approving shows the server's 409 message.
 * Generic: a process without a page of its own, started with variables and completed through the inbox's dialogs.
 * axe-core on every page and dialog; screenshots in e2e/screenshots/leave-*.png.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGE_LOAD, chooseLanguage, expectAccessible, watchProblems } from './helpers';
import { pickOption, row, shots, uniq } from './crud-helpers';
import { adminApi, featureTexts, spaced, type Api, type Lang } from './fleet-api';

/** A 1×1 PNG (a real image: uploads are checked on their content). */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const F = '/api/blade-flow';
const PASSWORD = 'E2eLeave2026';
const tr = featureTexts('work');
const SHOTS = process.env.LEAVE_SHOTS ?? shots;

interface People {
  applicant: string;
  hr: string;
  hrId: string;
  boss: string;
}

type Row = { taskId: string; processInstanceId: string; businessId: string; taskDefinitionKey: string; taskName: string };

/** The walk's people (once per server): made by the administrator through the API with the seeded roles. */
let people: Promise<People> | undefined;
function makePeople(url: string): Promise<People> {
  people ??= (async () => {
    const admin = await adminApi(url);
    const roles = await admin.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
    const roleOf = (alias: string) => roles.find((r) => r.roleAlias === alias)!.id;
    const tag = uniq();
    const make = async (account: string, realName: string, roleId: string) => {
      await admin.post('/api/blade-system/user/submit', { account, name: account, realName, phoneDiallingCode: '+86', phone: '13800138002', roleId, userType: 1, password: PASSWORD });
    };
    const p = { applicant: `lva${tag}`, hr: `lvh${tag}`, boss: `lvb${tag}` };
    await make(p.applicant, `Applicant ${tag}`, roleOf('hr'));
    await make(p.hr, `Hanna ${tag}`, `${roleOf('hr')},${roleOf('manager')}`);
    await make(p.boss, `Boris ${tag}`, roleOf('boss'));
    await admin.dispose();
    // The HR approver's id, as the leave form offers it to the applicant.
    const a = await adminApi(url, p.applicant, PASSWORD);
    const hrUser = (await a.get<{ id: string; account: string }[]>('/api/blade-desk/process/leave/approvers')).find((u) => u.account === p.hr)!;
    await a.dispose();
    return { ...p, hrId: hrUser.id };
  })();
  return people;
}

/** A browser page of its own, signed in as `account` through the form in `lang`. */
async function signedIn(browser: Browser, baseURL: string, account: string, lang: Lang): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/login');
  await chooseLanguage(page, lang);
  const en = lang === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill('000000');
  await page.getByLabel(en ? 'Account' : '账号').fill(account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
  return page;
}

/** Open an inbox list from the sidebar-free path and wait for its table. */
async function openList(page: Page, list: 'start' | 'claim' | 'todo' | 'send' | 'done') {
  await page.goto(`/work/${list}`);
  const table = page.getByTestId(`work-${list}`);
  await expect(table).toBeVisible(PAGE_LOAD);
  return table;
}

/** A DatePicker with time: type the value and confirm it. */
async function pickDateTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** The applicant fills the leave form from the start list and submits; answers the new leave's row on the sent list. */
async function fileLeave(page: Page, lang: Lang, p: People, start: string, end: string, days: number, reason: string) {
  const L = (k: string) => tr(lang, k);
  const starts = await openList(page, 'start');
  // By name, as a user would: other walks on this server may have deployed newer processes onto the first page.
  await page.getByRole('searchbox', { name: L('filter.name') }).fill('请假');
  await page.getByRole('searchbox', { name: L('filter.name') }).press('Enter');
  // The seeded process by its id (rows are keyed `<key>:<version>:<deployment>`): a process another walk deployed into
  // the same category shows the category's name, "Leave", too.
  const leaveRow = starts.locator('.ant-table-row[data-row-key^="Leave:"]');
  await expect(leaveRow).toBeVisible(PAGE_LOAD);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}work-start-${lang}.png`, fullPage: true });
  await leaveRow.getByRole('link', { name: spaced(L('action.start')) }).click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\//, PAGE_LOAD);
  const form = page.getByTestId('leave-form');
  await expect(form).toBeVisible(PAGE_LOAD);

  // Nothing filled: every rule says what it needs, in the page's language.
  await form.getByRole('button', { name: spaced(L('action.submit'), { exact: true }) }).click();
  for (const rule of ['startTime', 'endTime', 'reason', 'taskUser']) await expect(form.getByText(L(`leave.rule.${rule}`))).toBeVisible();
  // An end before the start is refused.
  await pickDateTime(page, L('leave.field.startTime'), start);
  await pickDateTime(page, L('leave.field.endTime'), start.replace(/ \d\d:/, ' 08:'));
  await expect(form.getByText(L('leave.rule.endAfterStart'))).toBeVisible();
  await pickDateTime(page, L('leave.field.endTime'), end);
  await expect(form.getByText(L('leave.rule.endAfterStart'))).toBeHidden();
  await expect(page.getByTestId('leave-days')).toHaveValue(String(days));
  await pickOption(form, page, L('leave.field.leaveType'), L('leave.type.3'));
  await form.getByLabel(L('leave.field.reason'), { exact: true }).fill(reason);
  await pickOption(form, page, L('leave.field.taskUser'), `(${p.hr})`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}leave-form-${lang}.png`, fullPage: true });
  await form.getByRole('button', { name: spaced(L('action.submit'), { exact: true }) }).click();
  await expect(page).toHaveURL(/\/work\/send$/, PAGE_LOAD);
}

/** The task of an instance on a list, through the API (the user's own session). */
async function taskOf(api: Api, list: 'todo' | 'claim', reason: string, instances: Map<string, string>): Promise<Row | undefined> {
  const rows = (await api.get<{ records: Row[] }>(`${F}/work/${list}-list?size=100`)).records;
  return rows.find((r) => instances.get(r.processInstanceId) === reason);
}

/** The instances the applicant started, by their leave's reason. */
async function instancesOf(api: Api): Promise<Map<string, string>> {
  const sent = (await api.get<{ records: { processInstanceId: string; businessId: string }[] }>(`${F}/work/send-list?size=100`)).records;
  const out = new Map<string, string>();
  for (const s of sent) out.set(s.processInstanceId, (await api.get<{ reason: string }>(`/api/blade-desk/process/leave/detail?businessId=${s.businessId}`)).reason);
  return out;
}

/** Handle the open leave task of `reason` from the todo list: the handle page, a comment, approve or reject. */
async function handleFromTodo(page: Page, lang: Lang, reason: string, comment: string, decision: 'approve' | 'reject', shot?: string) {
  const L = (k: string) => tr(lang, k);
  const todo = await openList(page, 'todo');
  await expectAccessible(page);
  // The newest task first; the reason is on the handle page.
  const link = todo.getByRole('link', { name: spaced(L('action.handle')) }).first();
  await expect(link).toBeVisible(PAGE_LOAD);
  await link.click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/handle\//, PAGE_LOAD);
  await expect(page.getByTestId('leave-info')).toContainText(reason, PAGE_LOAD);
  await expect(page.getByTestId('leave-history')).toBeVisible();
  await page.getByLabel(L('leave.field.comment'), { exact: true }).fill(comment);
  await expectAccessible(page);
  if (shot) await page.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
  await page.getByRole('button', { name: spaced(L(`action.${decision}`), { exact: true }) }).click();
  await expect(page).toHaveURL(/\/work\/todo$/, PAGE_LOAD);
}

/** Claim the leave task waiting for a candidate group from the claim list. */
async function claimFirst(page: Page, lang: Lang) {
  const L = (k: string) => tr(lang, k);
  const claim = await openList(page, 'claim');
  await expectAccessible(page);
  const button = claim.getByRole('button', { name: spaced(L('action.claim')) }).first();
  await expect(button).toBeVisible(PAGE_LOAD);
  await button.click();
  await expect(page.getByText(L('message.claimed'))).toBeVisible();
}

/** The applicant's sent list shows the leave finished; its detail page the history and the flow chart. */
async function seeItDone(page: Page, lang: Lang, reason: string, comments: string[]) {
  const L = (k: string) => tr(lang, k);
  const sent = await openList(page, 'send');
  const first = sent.locator('.ant-table-row').first();
  await expect(first).toContainText(L('status.completed'), PAGE_LOAD);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}leave-send-${lang}.png`, fullPage: true });
  await first.getByRole('link', { name: spaced(L('action.detail')) }).click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/detail\//, PAGE_LOAD);
  await expect(page.getByTestId('leave-info')).toContainText(reason, PAGE_LOAD);
  const history = page.getByTestId('leave-history');
  for (const c of comments) await expect(history).toContainText(c);
  await expect(history).toContainText(L('outcome.approve'));
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}leave-detail-${lang}.png`, fullPage: true });
  await page.getByTestId('leave-flow-chart').click();
  const chart = page.getByRole('dialog');
  await expect(chart).toBeVisible();
  // The diagram itself (not the dialog's icons), drawn with the path highlighted: the finished process's nodes green.
  await expect(chart.locator('.helio-flow-canvas svg').first()).toBeVisible(PAGE_LOAD);
  await expect(chart.locator('g.djs-element.helio-flow-finished').first()).toBeVisible(PAGE_LOAD);
  await expect(chart.locator('g.djs-connection.helio-flow-taken').first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}leave-flow-chart-${lang}.png`, fullPage: true });
  await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
  await page.keyboard.press('Escape');
  await expect(chart).toBeHidden();
}

test('zh-CN: 2 days — HR approves, a manager claims and approves, the applicant sees it done', async ({ browser, baseURL }) => {
  const lang: Lang = 'zh-CN';
  const p = await makePeople(baseURL!);
  const reason = `家中有事 ${uniq()}`;
  const applicant = await signedIn(browser, baseURL!, p.applicant, lang);
  const problems = watchProblems(applicant);
  await fileLeave(applicant, lang, p, '2026-12-01 09:00:00', '2026-12-03 09:00:00', 2, reason);
  await expect((await openList(applicant, 'send')).locator('.ant-table-row').first()).toContainText(tr(lang, 'status.active'));

  const hr = await signedIn(browser, baseURL!, p.hr, lang);
  const hrProblems = watchProblems(hr);
  await handleFromTodo(hr, lang, reason, '人事同意', 'approve', `leave-handle-${lang}`);
  await claimFirst(hr, lang);
  await handleFromTodo(hr, lang, reason, '经理同意', 'approve');
  const done = await openList(hr, 'done');
  await expect(done.locator('.ant-table-row', { hasText: '经理审批' }).first()).toContainText(tr(lang, 'outcome.approve'));
  await expectAccessible(hr);
  await hr.screenshot({ path: `${SHOTS}leave-done-${lang}.png`, fullPage: true });

  await seeItDone(applicant, lang, reason, ['人事同意', '经理同意']);
  expect([...problems, ...hrProblems]).toEqual([]);
});

test('en-US: 5 days — HR approves, the boss claims and approves', async ({ browser, baseURL }) => {
  const lang: Lang = 'en-US';
  const p = await makePeople(baseURL!);
  const reason = `Family trip ${uniq()}`;
  const applicant = await signedIn(browser, baseURL!, p.applicant, lang);
  const problems = watchProblems(applicant);
  await fileLeave(applicant, lang, p, '2026-12-07 09:00:00', '2026-12-11 18:00:00', 5, reason);

  const hr = await signedIn(browser, baseURL!, p.hr, lang);
  await handleFromTodo(hr, lang, reason, 'HR agrees', 'approve', `leave-handle-${lang}`);
  // Over 3 days: not for a manager.
  const claims = await openList(hr, 'claim');
  await expect(claims.getByText(tr(lang, 'empty.claim'))).toBeVisible(PAGE_LOAD);

  const boss = await signedIn(browser, baseURL!, p.boss, lang);
  const bossProblems = watchProblems(boss);
  await claimFirst(boss, lang);
  await boss.screenshot({ path: `${SHOTS}leave-claim-${lang}.png`, fullPage: true });
  await handleFromTodo(boss, lang, reason, 'Enjoy', 'approve');

  await seeItDone(applicant, lang, reason, ['HR agrees', 'Enjoy']);
  expect([...problems, ...bossProblems]).toEqual([]);
});

test('zh-CN: a manager rejects with a comment; the applicant resubmits to HR', async ({ browser, baseURL }) => {
  const lang: Lang = 'zh-CN';
  const L = (k: string) => tr(lang, k);
  const p = await makePeople(baseURL!);
  const reason = `驳回测试 ${uniq()}`;
  const a = await adminApi(baseURL!, p.applicant, PASSWORD);
  const h = await adminApi(baseURL!, p.hr, PASSWORD);
  const defs = (await a.get<{ records: { id: string; key: string }[] }>(`${F}/work/start-list`)).records;
  await a.post('/api/blade-desk/process/leave/start-process', { processDefinitionId: defs.find((d) => d.key === 'Leave')!.id, leaveType: 1, startTime: '2026-12-14 09:00:00', endTime: '2026-12-15 09:00:00', reason, taskUser: p.hrId });
  const instances = await instancesOf(a);
  const hrTask = (await taskOf(h, 'todo', reason, instances))!;
  await h.post(`${F}/work/complete-task`, { taskId: hrTask.taskId, pass: true, comment: 'ok' });
  const managerTask = (await taskOf(h, 'claim', reason, instances))!;
  await h.post(`${F}/work/claim-task?taskId=${managerTask.taskId}`, {});

  const hr = await signedIn(browser, baseURL!, p.hr, lang);
  await handleFromTodo(hr, lang, reason, '日期冲突,请调整', 'reject');

  const applicant = await signedIn(browser, baseURL!, p.applicant, lang);
  const problems = watchProblems(applicant);
  const todo = await openList(applicant, 'todo');
  await expect(todo.locator('.ant-table-row').first()).toContainText('调整申请', PAGE_LOAD);
  await todo.getByRole('link', { name: spaced(L('action.handle')) }).first().click();
  await expect(applicant.getByTestId('leave-history')).toContainText('日期冲突,请调整', PAGE_LOAD);
  await expect(applicant.getByTestId('leave-history')).toContainText(L('outcome.reject'));
  await expect(applicant.getByText(L('leave.hint.adjust'))).toBeVisible();
  await expect(applicant.getByRole('button', { name: spaced(L('action.reject'), { exact: true }) })).toHaveCount(0);
  await expectAccessible(applicant);
  await applicant.screenshot({ path: `${SHOTS}leave-reject-${lang}.png`, fullPage: true });
  await applicant.getByRole('button', { name: spaced(L('action.resubmit'), { exact: true }) }).click();
  await expect(applicant).toHaveURL(/\/work\/todo$/, PAGE_LOAD);
  // Back with HR.
  const again = await taskOf(h, 'todo', reason, instances);
  expect(again?.taskDefinitionKey).toBe('hrTask');
  expect(problems).toEqual([]);
  await a.dispose();
  await h.dispose();
});

test('en-US: a task completed elsewhere while its page is open answers with the server message', async ({ browser, baseURL }) => {
  const lang: Lang = 'en-US';
  const L = (k: string) => tr(lang, k);
  const p = await makePeople(baseURL!);
  const reason = `Conflict ${uniq()}`;
  const a = await adminApi(baseURL!, p.applicant, PASSWORD);
  const h = await adminApi(baseURL!, p.hr, PASSWORD);
  const defs = (await a.get<{ records: { id: string; key: string }[] }>(`${F}/work/start-list`)).records;
  await a.post('/api/blade-desk/process/leave/start-process', { processDefinitionId: defs.find((d) => d.key === 'Leave')!.id, leaveType: 2, startTime: '2026-12-21 09:00:00', endTime: '2026-12-22 09:00:00', reason, taskUser: p.hrId });
  const task = (await taskOf(h, 'todo', reason, await instancesOf(a)))!;

  const hr = await signedIn(browser, baseURL!, p.hr, lang);
  await hr.goto(`/work/process/leave/handle/${task.taskId}/${task.processInstanceId}/${task.businessId}`);
  await expect(hr.getByTestId('leave-info')).toContainText(reason, PAGE_LOAD);
  const approve = hr.getByRole('button', { name: spaced(L('action.approve'), { exact: true }) });
  await expect(approve).toBeEnabled();
  // Meanwhile, the same person completes it in another window (here: the API).
  await h.post(`${F}/work/complete-task`, { taskId: task.taskId, pass: true, comment: 'from the other tab' });
  await approve.click();
  const conflict = hr.getByTestId('leave-conflict');
  await expect(conflict).toContainText('The task has already been handled or has ended');
  await expect(hr).toHaveURL(/\/work\/process\/leave\/handle\//);
  await expectAccessible(hr);
  await hr.screenshot({ path: `${SHOTS}leave-conflict-${lang}.png`, fullPage: true });
  // Opened again, the page says so before anyone presses a button.
  await hr.reload();
  await expect(hr.getByText(L('message.notYours'))).toBeVisible(PAGE_LOAD);
  await expect(approve).toBeDisabled();
  await a.dispose();
  await h.dispose();
});

/** A two-step process of no page of its own: its starter reviews it (for the generic start and complete dialogs). */
const GENERIC_XML = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://helio.dev/e2e">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" flowable:initiator="starter" />
    <userTask id="review" name="Review" flowable:assignee="\${starter}" />
    <exclusiveGateway id="judge" />
    <userTask id="redo" name="Redo" flowable:assignee="\${starter}" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <sequenceFlow id="f2" sourceRef="review" targetRef="judge" />
    <sequenceFlow id="f3" sourceRef="judge" targetRef="end"><conditionExpression>\${pass &amp;&amp; amount &lt; 1000}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="judge" targetRef="redo"><conditionExpression>\${!(pass &amp;&amp; amount &lt; 1000)}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="redo" targetRef="end" />
  </process>
</definitions>`;

test('en-US: a process without a page of its own is started and completed through the generic dialogs', async ({ browser, baseURL }) => {
  const lang: Lang = 'en-US';
  const L = (k: string) => tr(lang, k);
  const p = await makePeople(baseURL!);
  const key = `e2eGeneric${uniq()}`;
  const name = `Expense ${key.slice(-6)}`;
  const admin = await adminApi(baseURL!);
  const model = await admin.post<{ id: string }>(`${F}/model/submit`, { modelKey: key, name, xml: GENERIC_XML(key, name) });
  await admin.post(`${F}/model/deploy?modelId=${model.id}&category=e2e`, {});
  await admin.dispose();

  const page = await signedIn(browser, baseURL!, p.boss, lang);
  const problems = watchProblems(page);
  const starts = await openList(page, 'start');
  await page.getByRole('combobox', { name: L('filter.category') }).click();
  await page.locator('.ant-select-item-option', { hasText: 'e2e' }).first().click();
  const procRow = row(page, name, starts);
  await expect(procRow).toBeVisible(PAGE_LOAD);
  await expect(row(page, 'Leave', starts)).toHaveCount(0);
  await procRow.getByRole('button', { name: spaced(L('action.start')) }).click();
  const start = page.getByRole('dialog', { name: L('start.title').replace('{{process}}', name) });
  await expect(start).toBeVisible();
  await start.getByLabel(L('field.variables')).fill('[1, 2]');
  await start.getByRole('button', { name: L('action.start'), exact: true }).click();
  await expect(start.getByText(L('message.variablesInvalid'))).toBeVisible();
  await start.getByLabel(L('field.variables')).fill('{"amount": 120}');
  await start.getByLabel(L('field.businessKey')).fill(`EXP-${key.slice(-6)}`);
  await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
  await page.screenshot({ path: `${SHOTS}work-start-dialog-${lang}.png`, fullPage: true });
  await start.getByRole('button', { name: L('action.start'), exact: true }).click();
  await expect(page).toHaveURL(/\/work\/send$/, PAGE_LOAD);
  const sent = page.getByTestId('work-send');
  await expect(row(page, `EXP-${key.slice(-6)}`, sent)).toContainText(L('status.active'), PAGE_LOAD);
  await page.screenshot({ path: `${SHOTS}work-send-${lang}.png`, fullPage: true });

  const todo = await openList(page, 'todo');
  const task = row(page, `EXP-${key.slice(-6)}`, todo);
  await expect(task).toContainText('Review', PAGE_LOAD);
  await expect(task).toContainText(L('kind.bpmn'));
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}work-todo-${lang}.png`, fullPage: true });
  await task.getByRole('button', { name: spaced(L('action.handle')) }).click();
  const complete = page.getByRole('dialog', { name: L('complete.title').replace('{{task}}', 'Review') });
  await expect(complete).toBeVisible();
  await complete.getByLabel(L('field.comment')).fill('Receipts attached');
  // A file for the history: uploaded at once, named by the completion.
  await complete.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(complete.locator('.ant-upload-list-item-done', { hasText: 'receipt.png' })).toBeVisible(PAGE_LOAD);
  await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
  await complete.getByRole('button', { name: L('action.submit'), exact: true }).click();
  await expect(complete).toBeHidden({ timeout: 30_000 });
  // Approved and under 1000: the process ended.
  await openList(page, 'send');
  await expect(row(page, `EXP-${key.slice(-6)}`, page.getByTestId('work-send'))).toContainText(L('status.completed'), PAGE_LOAD);
  const done = await openList(page, 'done');
  const finished = row(page, `EXP-${key.slice(-6)}`, done);
  await expect(finished).toContainText(L('outcome.approve'));
  // The flow chart's history lists the file with the task that attached it.
  await finished.getByRole('button', { name: new RegExp(L('action.flowChart')) }).click();
  const chart = page.locator('.helio-flow-chart-dialog .ant-modal');
  const file = chart.locator('.ant-table-row', { hasText: 'Review' }).getByRole('link', { name: 'receipt.png' });
  await expect(file).toBeVisible(PAGE_LOAD);
  // The model above is written without its drawing (no diagram interchange): the dialog says so instead of an error.
  await expect(chart.locator('.ant-alert-info')).toContainText(/drawn layout/, PAGE_LOAD);
  await expect(chart.locator('.ant-alert-error')).toHaveCount(0);
  await expectAccessible(page, '.helio-flow-chart-dialog .ant-modal');
  await page.screenshot({ path: `${SHOTS}work-chart-attachment-${lang}.png` });
  expect(problems).toEqual([]);
});
