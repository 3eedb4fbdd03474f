/**
 * The designer's save (`model/submit` with `validate: true`): the XML is compiled as a deploy would, a refused model
 * names the element and the reason in the caller's language and is not stored; without the flag a draft is stored as
 * it is (checked when deployed).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

const F = '/api/blade-flow';
let t: TestApp;
let admin: Record<string, string>;
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');

const LOOSE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
  <process id="loose" isExecutable="true">
    <startEvent id="start" />
    <userTask id="stray" name="Stray" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
  </process>
</definitions>`;

beforeAll(async () => {
  t = await createTestApp({ HELIO_MQTT_PORT: '0', HELIO_MQTT_HOST: '127.0.0.1' });
  await t.start();
  admin = await t.adminHeaders();
});

afterAll(async () => {
  await t?.stop();
});

const submit = (payload: Record<string, unknown>, lang = 'zh-CN') =>
  t.req({ method: 'POST', url: `${F}/model/submit`, headers: { ...admin, 'accept-language': lang }, payload });
const count = async (key: string) => (await t.req({ method: 'GET', url: `${F}/model/list?modelKey=${key}`, headers: admin })).json().data.total as number;

describe('model submit with validate', () => {
  it('stores a model that compiles, refuses one that does not (element and reason), keeps drafts without the flag', async () => {
    const ok = await submit({ modelKey: 'v_linear', name: 'Linear', xml: fixture('linear.bpmn20.xml'), validate: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await submit({ modelKey: 'v_loose', name: 'Loose', xml: LOOSE_XML, validate: true }, 'en-US');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/^The process definition is not accepted: .*stray/);
    const zh = await submit({ modelKey: 'v_loose', name: 'Loose', xml: LOOSE_XML, validate: true });
    expect(zh.json().msg).toMatch(/^流程定义不符合要求/);
    expect(await count('v_loose')).toBe(0);
    // An edit that does not compile leaves the stored XML as it was.
    const id = ok.json().data.id as string;
    const edit = await submit({ id, modelKey: 'v_linear', name: 'Linear', xml: LOOSE_XML, validate: true });
    expect(edit.statusCode).toBe(400);
    const detail = await t.req({ method: 'GET', url: `${F}/model/detail?id=${id}`, headers: admin });
    expect(detail.json().data.xml).toBe(fixture('linear.bpmn20.xml'));
    // A draft (no flag) is stored as it is.
    expect((await submit({ modelKey: 'v_loose', name: 'Loose', xml: LOOSE_XML })).statusCode).toBe(200);
    expect(await count('v_loose')).toBe(1);
  });
});
