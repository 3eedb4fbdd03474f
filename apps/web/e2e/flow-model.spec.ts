/**
 * The workflow engine's administration (issue 16), one walk per language.
 * zh-CN: the administrator draws a two-step approval in the designer (start → task A → task B → end: a flow deleted,
 * a task appended from the context pad and turned into a user task, a connection drawn), sets the assignees in the
 * properties panel, sees the designer's own check and the server's compile refuse what is wrong, saves, deploys; the
 * definition shows in /flow/manager; the process is started and task A completed through the API; the flow chart
 * from /flow/follow marks task A finished, task B current and the flows taken. A bad upload is refused with the
 * server's translated message. en-US: the list pages, an upload refused by the BPMN subset, suspend and activate, the
 * flow chart of an instance started and advanced through the API, and an instance deleted with a reason.
 * axe-core on the pages, the designer and every dialog; screenshots in /tmp/shots/flow-*.png.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible, PAGE_LOAD, signIn, tabLabels, watchProblems } from './helpers';
import { adminApi, dialog, openPage, pickOption, row, succeeded, uniq } from './crud-helpers';
import { featureTexts, spaced, type Lang } from './fleet-api';

test.describe.configure({ timeout: 300_000 });

const F = '/api/blade-flow';
const tr = featureTexts('flow');
const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const fixture = (name: string) => fs.readFileSync(new URL(`../../server/test/fixtures/bpmn/${name}`, import.meta.url));
type Api = Awaited<ReturnType<typeof adminApi>>;
interface Task {
  taskId: string;
  processInstanceId: string;
  taskDefinitionKey: string;
}

const twoStepXml = (key: string, name: string, assignee: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" flowable:initiator="initiator" />
    <userTask id="taskA" name="Manager approval" flowable:assignee="${assignee}" />
    <userTask id="taskB" name="Review" flowable:assignee="\${initiator}" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="taskA" />
    <sequenceFlow id="f2" sourceRef="taskA" targetRef="taskB" />
    <sequenceFlow id="f3" sourceRef="taskB" targetRef="end" />
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="${key}">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="taskA_di" bpmnElement="taskA"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="taskB_di" bpmnElement="taskB"><dc:Bounds x="360" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="520" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="300" y="118" /><di:waypoint x="360" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="460" y="118" /><di:waypoint x="520" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

/** Starts an instance of `key` and completes its first task (task A) as the administrator: the task B that follows. */
async function startAndCompleteFirst(api: Api, key: string, businessKey: string) {
  const started = await api.post<{ processInstanceId: string }>(`${F}/work/start-process`, { processDefinitionKey: key, businessKey, variables: {} });
  const todo = await api.get<{ records: Task[] }>(`${F}/work/todo-list`, { processDefinitionKey: key, size: '50' });
  const first = todo.records.find((r) => r.processInstanceId === started.processInstanceId)!;
  await api.post(`${F}/work/complete-task`, { taskId: first.taskId, comment: 'OK 同意', pass: true });
  const after = await api.get<{ records: Task[] }>(`${F}/work/todo-list`, { processDefinitionKey: key, size: '50' });
  return { instanceId: started.processInstanceId, current: after.records.find((r) => r.processInstanceId === started.processInstanceId)! };
}

const shape = (page: Page, id: string) => page.locator(`.helio-flow-modeler g.djs-element[data-element-id="${id}"]`);
const padEntry = (page: Page, action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
const props = (page: Page) => page.getByTestId('flow-properties');

async function select(page: Page, id: string) {
  const el = shape(page, id);
  // A straight flow's box has no height (Playwright calls it hidden): wait for it to be there, click its middle.
  await expect(el).toHaveCount(1);
  // A click the canvas takes for something else (the end of a label edit, a focus change) is repeated.
  await expect(async () => {
    const box = (await el.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(props(page).getByLabel(/编号|^ID$/)).toHaveValue(id, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The chart's canvas: the element `id` carries `marker` (the class bpmn-js puts on its group). */
async function expectMarker(chart: Locator, id: string, marker: string) {
  await expect(chart.locator(`g.djs-element[data-element-id="${id}"]`)).toHaveClass(new RegExp(marker));
}

async function openChart(page: Page, lang: Lang, businessKey: string): Promise<Locator> {
  const r = row(page, businessKey).first();
  await expect(r).toBeVisible();
  await r.getByRole('button', { name: spaced(tr(lang, 'action.chart')) }).click();
  const box = page.locator('.helio-flow-chart-dialog .ant-modal');
  await expect(box.locator('.helio-flow-canvas svg').first()).toBeVisible({ timeout: 30_000 });
  return box;
}

async function upload(page: Page, lang: Lang, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByRole('button', { name: spaced(tr(lang, 'upload.open')) }).click();
  const box = dialog(page);
  await expect(box).toBeVisible();
  await pickOption(box, page, tr(lang, 'field.category'), lang === 'en-US' ? 'Leave' : '请假流程');
  await box.locator('input[type=file]').setInputFiles(files);
  return box;
}

test('zh-CN: draw a two-step approval, save, deploy, start, complete task A, follow it on the flow chart', async ({ page, request }) => {
  const problems = watchProblems(page);
  const lang: Lang = 'zh-CN';
  const api = await adminApi(request);
  const me = await api.get<{ userId: string }>('/api/blade-auth/oauth/user-info');
  const tag = uniq();
  const key = `e2e_${tag}`;
  const name = `两步审批 ${tag}`;

  await signIn(page, lang, '/flow/model');
  await openPage(page, '/flow/model');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-model-zh.png`, fullPage: true });

  // The designer: a new model starts from start → task → end.
  await page.getByRole('button', { name: spaced(tr(lang, 'model.add')) }).click();
  await expect(page).toHaveURL(/\/flow\/model\/design$/);
  await expect(shape(page, 'task_1')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(tr(lang, 'field.name'), { exact: true }).fill(name);
  await page.getByLabel(tr(lang, 'field.modelKey'), { exact: true }).fill(key);

  await page.getByTestId('flow-modeler').scrollIntoViewIfNeeded();
  // Draw: delete task → end, append a task after the first, make it a user task.
  await select(page, 'flow_2');
  await padEntry(page, 'delete').click();
  await expect(shape(page, 'flow_2')).toHaveCount(0);
  await select(page, 'task_1');
  await padEntry(page, 'append.append-task').click();
  await page.keyboard.type('复核');
  const canvas = (await page.getByTestId('flow-modeler').boundingBox())!;
  // Done naming: a click on empty canvas (top middle: clear of the palette, the drawing and the bpmn.io mark).
  await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + 15);
  const taskB = page.locator('.helio-flow-modeler g.djs-shape', { hasText: '复核' });
  await expect(taskB).toBeVisible();
  let idB = (await taskB.getAttribute('data-element-id'))!;
  await select(page, idB);
  await padEntry(page, 'replace').click();
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  idB = (await page.locator('.helio-flow-modeler g.djs-shape', { hasText: '复核' }).getAttribute('data-element-id'))!;

  // The designer's own check: task B leads nowhere.
  await page.getByRole('button', { name: spaced(tr(lang, 'designer.save')) }).click();
  const issues = page.getByTestId('flow-issues');
  await expect(issues).toContainText('没有流出的连线');
  await expect(issues).toContainText('复核');

  // A listed problem selects its element; connect task B → end.
  await issues.getByRole('button', { name: /复核/ }).click();
  await expect(props(page).getByLabel('编号')).toHaveValue(idB);
  await select(page, idB);
  await padEntry(page, 'connect').click();
  const end = (await shape(page, 'end').boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 5 });
  await page.mouse.click(end.x + end.width / 2, end.y + end.height / 2);
  await expect(page.locator('.helio-flow-modeler g.djs-connection')).toHaveCount(3);

  // The properties panel: names and assignees; a wrong condition the server's compile refuses.
  await select(page, 'task_1');
  await props(page).getByLabel('名称', { exact: true }).fill('经理审批');
  await props(page).getByLabel('处理人', { exact: true }).fill(me.userId);
  await select(page, idB);
  await props(page).getByLabel('处理人', { exact: true }).fill('${initiator}');
  // Candidates from the directory: a role picked from the list (the model keeps its alias, valid in every tenant).
  await props(page).getByLabel('候选组', { exact: true }).pressSequentially('hr');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(hr)' }).click();
  await page.keyboard.press('Escape');
  await expect(props(page).locator('.ant-select-selection-item', { hasText: '(hr)' })).toBeVisible();
  await select(page, 'flow_1');
  await props(page).getByLabel('条件表达式', { exact: true }).fill('${days >}');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-designer-zh.png`, fullPage: true });
  await page.getByRole('button', { name: spaced(tr(lang, 'designer.save')) }).click();
  await expect(issues).toContainText('连线');
  await expect(issues).toContainText('flow_1');
  await expect(issues).toContainText('条件表达式有误');
  await page.screenshot({ path: `${SHOTS}/flow-designer-refused-zh.png`, fullPage: true });
  await select(page, 'flow_1');
  await props(page).getByLabel('条件表达式', { exact: true }).fill('');

  await page.getByRole('button', { name: spaced(tr(lang, 'designer.save')) }).click();
  await expect(page.getByText(tr(lang, 'designer.saved')).last()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/flow\/model\/design\?id=\d+$/);
  await expect(issues).toHaveCount(0);
  // The new model's address now names it; its tab follows instead of a second designer tab opening.
  await expect(tabLabels(page).filter({ hasText: '流程设计' })).toHaveCount(1);
  const savedXml = (await api.get<{ xml: string }>(`${F}/model/detail`, { id: new URL(page.url()).searchParams.get('id')! })).xml;
  expect(savedXml).toMatch(new RegExp(`id="${idB}"[^>]*flowable:candidateGroups="hr"|flowable:candidateGroups="hr"[^>]*id="${idB}"`));

  // Deploy from the list.
  await page.goto('/flow/model');
  const modelRow = row(page, key).first();
  await expect(modelRow).toBeVisible(PAGE_LOAD);
  await modelRow.getByRole('button', { name: spaced(tr(lang, 'model.deploy')) }).click();
  let box = dialog(page);
  await expect(box).toBeVisible();
  await pickOption(box, page, tr(lang, 'field.category'), '请假流程');
  await expectAccessible(page, '.ant-modal');
  await box.getByRole('button', { name: spaced(tr(lang, 'deploy.ok'), { exact: true }) }).click();
  await Promise.all([succeeded(page), expect(box).toBeHidden({ timeout: 30_000 })]);

  await page.goto('/flow/manager');
  await expect(row(page, key).first()).toBeVisible(PAGE_LOAD);
  await expect(row(page, key).first()).toContainText(name);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-manager-zh.png`, fullPage: true });

  // A file that is not a process: refused with the server's message.
  box = await upload(page, lang, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
  await expectAccessible(page, '.ant-modal');
  await box.getByRole('button', { name: spaced(tr(lang, 'upload.ok'), { exact: true }) }).click();
  await expect(box.getByTestId('flow-upload-refusal')).toContainText('只能上传 .bpmn、.bpmn20.xml 或 .zip 文件: notes.txt');
  await page.screenshot({ path: `${SHOTS}/flow-upload-refused-zh.png` });
  await box.getByRole('button', { name: spaced(tr(lang, 'action.cancel'), { exact: true }) }).click();
  await expect(box).toBeHidden();

  // Start it and complete task A through the API; the flow chart from /flow/follow.
  const businessKey = `BK-${tag}`;
  const { current } = await startAndCompleteFirst(api, key, businessKey);
  expect(current.taskDefinitionKey).toBe(idB);
  await page.goto('/flow/follow');
  await openPage(page, '/flow/follow');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-follow-zh.png`, fullPage: true });
  const chart = await openChart(page, lang, businessKey);
  await expectMarker(chart, 'start', 'helio-flow-finished');
  await expectMarker(chart, 'task_1', 'helio-flow-finished');
  await expectMarker(chart, idB, 'helio-flow-current');
  await expectMarker(chart, 'flow_1', 'helio-flow-taken');
  await expect(chart.locator('g.djs-connection.helio-flow-taken')).toHaveCount(2);
  await expect(chart.locator('g.djs-element.helio-flow-current')).toHaveCount(1);
  await expect(chart.locator('g.djs-element[data-element-id="end"]')).not.toHaveClass(/helio-flow-/);
  const history = chart.locator('.ant-table-row');
  await expect(history.filter({ hasText: '经理审批' })).toContainText('OK 同意');
  await expect(history.filter({ hasText: '复核' })).toContainText('进行中');
  await expectAccessible(page, '.helio-flow-chart-dialog .ant-modal');
  await page.screenshot({ path: `${SHOTS}/flow-chart-zh.png` });
  expect(problems.filter((p) => !p.includes('/model/submit') && !p.includes('/manager/deploy-upload'))).toEqual([]);
});

test('en-US: the lists, an upload outside the subset, suspend and activate, the flow chart, delete with a reason', async ({ page, request }) => {
  const problems = watchProblems(page);
  const lang: Lang = 'en-US';
  const api = await adminApi(request);
  const me = await api.get<{ userId: string }>('/api/blade-auth/oauth/user-info');
  const tag = uniq();
  const key = `e2e_en_${tag}`;
  const name = `Two-step ${tag}`;
  const saved = await api.post<{ id: string }>(`${F}/model/submit`, { modelKey: key, name, xml: twoStepXml(key, name, me.userId), validate: true });
  await api.post(`${F}/model/deploy`, undefined, { modelId: saved.id, category: 'flow_1' });

  await signIn(page, lang, '/flow/model');
  await openPage(page, '/flow/model');
  await expect(row(page, key).first()).toBeVisible(PAGE_LOAD);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-model-en.png`, fullPage: true });

  // Deployments: a model with a script task is refused, naming the element.
  await page.goto('/flow/manager');
  await expect(row(page, key).first()).toBeVisible(PAGE_LOAD);
  const script = twoStepXml(`bad_${tag}`, 'Bad', 'x').replace('<userTask id="taskB" name="Review" flowable:assignee="${initiator}" />', '<scriptTask id="taskB" scriptFormat="javascript"><script>1</script></scriptTask>');
  const box = await upload(page, lang, [{ name: 'bad.bpmn', mimeType: 'application/xml', buffer: Buffer.from(script) }]);
  await box.getByRole('button', { name: tr(lang, 'upload.ok'), exact: true }).click();
  await expect(box.getByTestId('flow-upload-refusal')).toContainText('The process definition is not accepted');
  await expect(box.getByTestId('flow-upload-refusal')).toContainText('taskB');
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: `${SHOTS}/flow-upload-refused-en.png` });
  // A good file goes through.
  await box.locator('.ant-upload-list-item').getByRole('button').first().click();
  await box.locator('input[type=file]').setInputFiles([{ name: 'linear.bpmn20.xml', mimeType: 'application/xml', buffer: fixture('linear.bpmn20.xml') }]);
  await box.getByRole('button', { name: tr(lang, 'upload.ok'), exact: true }).click();
  await expect(box).toBeHidden({ timeout: 30_000 });

  // Suspend and activate.
  const def = row(page, key).first();
  await def.getByRole('button', { name: new RegExp(`^${tr(lang, 'manager.suspend')}`) }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(def).toContainText(tr(lang, 'state.suspended'));
  await def.getByRole('button', { name: new RegExp(`^${tr(lang, 'manager.activate')}`) }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(def).toContainText(tr(lang, 'state.active'));
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-manager-en.png`, fullPage: true });

  // The flow chart of an instance past task A.
  const businessKey = `BK-EN-${tag}`;
  await startAndCompleteFirst(api, key, businessKey);
  await page.goto('/flow/follow');
  await openPage(page, '/flow/follow');
  const chart = await openChart(page, lang, businessKey);
  await expectMarker(chart, 'taskA', 'helio-flow-finished');
  await expectMarker(chart, 'taskB', 'helio-flow-current');
  await expectMarker(chart, 'f1', 'helio-flow-taken');
  await expectMarker(chart, 'f2', 'helio-flow-taken');
  await expect(chart.locator('g.djs-element[data-element-id="f3"]')).not.toHaveClass(/helio-flow-/);
  await expect(chart.locator('.ant-table-row').filter({ hasText: 'Manager approval' })).toContainText('OK 同意');
  await expectAccessible(page, '.helio-flow-chart-dialog .ant-modal');
  await page.screenshot({ path: `${SHOTS}/flow-chart-en.png` });
  await chart.getByRole('button', { name: 'Close' }).click();
  await expect(chart).toBeHidden();

  // Delete a running instance with a reason.
  const doomed = `BK-DEL-${tag}`;
  await api.post(`${F}/work/start-process`, { processDefinitionKey: key, businessKey: doomed });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const inst = row(page, doomed).first();
  await expect(inst).toBeVisible(PAGE_LOAD);
  await inst.getByRole('button', { name: /^Delete/ }).click();
  const del = dialog(page);
  await expect(del).toBeVisible();
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(del.getByText(tr(lang, 'rule.deleteReason'))).toBeVisible();
  await del.getByLabel(tr(lang, 'field.deleteReason'), { exact: true }).fill('Filed twice');
  await expectAccessible(page, '.ant-modal');
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await Promise.all([succeeded(page, true), expect(del).toBeHidden({ timeout: 30_000 })]);
  await expect(inst).toContainText(tr(lang, 'status.terminated'));
  await expect(inst).toContainText('Filed twice');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/flow-follow-en.png`, fullPage: true });
  expect(problems.filter((p) => !p.includes('/manager/deploy-upload'))).toEqual([]);
});
