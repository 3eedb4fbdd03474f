// Compiling BPMN into Helio's subset: what is refused (with element and reason), the structural checks, hostile XML
// (XXE, entity expansion, size and element-count caps), and that compileBpmn never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompileResult, MAX_ELEMENTS, MAX_XML_CHARS, compileBpmn } from '../../src/flow/index.js';
import { Driver, fixtureXml } from './flow-driver.js';

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" ' +
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">';

/** A process document: start → (body) → end, where body connects 'start' to 'end' itself. */
const doc = (body: string, processAttrs = 'id="p" isExecutable="true"') =>
  `${HEAD}<process ${processAttrs}><startEvent id="start"/>${body}<endEvent id="end"/></process></definitions>`;
const simple = (task: string) =>
  doc(`${task}<sequenceFlow id="f1" sourceRef="start" targetRef="t"/><sequenceFlow id="f2" sourceRef="t" targetRef="end"/>`);

const compile = (xml: string, serviceHandlers: string[] = []) => compileBpmn(xml, { serviceHandlers });

async function errorsOf(xml: string, serviceHandlers: string[] = []) {
  const r: CompileResult = await compile(xml, serviceHandlers);
  expect(r.ok, 'expected a refusal').toBe(false);
  return r.ok ? [] : r.errors;
}

async function refusedWith(xml: string, match: { elementId?: string; element?: string; reason: RegExp }) {
  const errors = await errorsOf(xml);
  const hit = errors.find((e) => match.reason.test(e.reason) && (match.elementId === undefined || e.elementId === match.elementId));
  expect(hit, JSON.stringify(errors)).toBeDefined();
  if (match.element) expect(hit!.element).toBe(match.element);
}

describe('compiles the subset', () => {
  it('a minimal process and the leave process metadata', async () => {
    const r = await compile(simple('<userTask id="t" camunda:assignee="${who}"/>'));
    expect(r.ok).toBe(true);
    const leave = await compile(fixtureXml('LeaveProcess'));
    if (!leave.ok) throw new Error(JSON.stringify(leave.errors));
    expect(leave.processes[0]).toMatchObject({
      key: 'Leave', name: '请假流程', documentation: '请假流程演示', initiatorVariable: 'applyUser', startFormKey: 'leave-form',
      candidateStarterUsers: [], candidateStarterGroups: [], start: 'start',
    });
    // Plain JSON: survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(leave.processes))).toEqual(leave.processes);
  });

  it('skips non-executable processes; refuses a document with none executable', async () => {
    const two = `${HEAD}<process id="a" isExecutable="false"><startEvent id="s1"/></process><process id="b"><startEvent id="s"/><endEvent id="e"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/></process></definitions>`;
    const r = await compile(two);
    expect(r.ok && r.processes.map((p) => p.key)).toEqual(['b']);
    await refusedWith(doc('<sequenceFlow id="f" sourceRef="start" targetRef="end"/>', 'id="p" isExecutable="false"'), { reason: /isExecutable/ });
  });

  it('humanPerformer / potentialOwner resource assignments', async () => {
    const xml = simple(
      '<userTask id="t"><humanPerformer><resourceAssignmentExpression><formalExpression>${boss}</formalExpression></resourceAssignmentExpression></humanPerformer>' +
        '<potentialOwner><resourceAssignmentExpression><formalExpression>user(kermit), group(management), sales</formalExpression></resourceAssignmentExpression></potentialOwner></userTask>',
    );
    const r = await compile(xml);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const out = await new Driver(r.processes[0]!).start({ boss: 'bigboss' });
    expect(out.tasksCreated[0]).toMatchObject({ assignee: 'bigboss', candidateUsers: ['kermit'], candidateGroups: ['management', 'sales'] });
  });
});

describe('refuses what is outside the subset, with element and reason', () => {
  it('script task, scripts anywhere, listeners', async () => {
    await refusedWith(simple('<scriptTask id="t" scriptFormat="javascript"><script>require("child_process")</script></scriptTask>'), {
      elementId: 't', element: 'bpmn:scriptTask', reason: /script tasks are never executed/,
    });
    await refusedWith(
      simple('<userTask id="t"><extensionElements><flowable:executionListener event="start"><flowable:script>x</flowable:script></flowable:executionListener></extensionElements></userTask>'),
      { elementId: 't', reason: /scripts are never executed/ },
    );
    await refusedWith(simple('<userTask id="t"><extensionElements><flowable:taskListener event="create" class="com.x.Y"/></extensionElements></userTask>'), {
      elementId: 't', reason: /listeners are not supported/,
    });
  });

  it('a JavaScript condition, a broken condition, a mixed-text condition', async () => {
    const cond = (c: string) =>
      doc(`<exclusiveGateway id="g" default="d"/><sequenceFlow id="f0" sourceRef="start" targetRef="g"/><sequenceFlow id="c" sourceRef="g" targetRef="end">${c}</sequenceFlow><sequenceFlow id="d" sourceRef="g" targetRef="end"/>`);
    await refusedWith(cond('<conditionExpression xsi:type="tFormalExpression" language="javascript">this.environment.x</conditionExpression>'), {
      elementId: 'c', reason: /language 'javascript' is not allowed/,
    });
    await refusedWith(cond('<conditionExpression xsi:type="tFormalExpression">${days &gt;}</conditionExpression>'), { elementId: 'c', reason: /condition: unexpected end/ });
    await refusedWith(cond('<conditionExpression>${a.b()}</conditionExpression>'), { elementId: 'c', reason: /function calls/ });
    await refusedWith(cond('<conditionExpression>a ${x} b</conditionExpression>'), { elementId: 'c', reason: /one \$\{\.\.\.\} expression/ });
    expect((await compile(cond('<conditionExpression language="juel">${x == 1}</conditionExpression>'))).ok).toBe(true);
  });

  it('unknown and unsupported elements', async () => {
    await refusedWith(simple('<fancyTask id="t"/>'), { element: 'bpmn:fancyTask', reason: /not in Helio's BPMN subset/ });
    await refusedWith(simple('<x:thing xmlns:x="urn:x" id="t"/>'), { element: 'x:thing', reason: /unknown element/ });
    await refusedWith(simple('<callActivity id="t" calledElement="other"/>'), { elementId: 't', reason: /call activities are not supported/ });
    await refusedWith(simple('<businessRuleTask id="t"/>'), { elementId: 't', reason: /business rule/ });
    await refusedWith(simple('<eventBasedGateway id="t"/>'), { elementId: 't', reason: /event-based/ });
    await refusedWith(simple('<complexGateway id="t"/>'), { elementId: 't', reason: /complex gateways/ });
    await refusedWith(simple('<userTask id="t"><multiInstanceLoopCharacteristics isSequential="true"/></userTask>'), { elementId: 't', reason: /multi-instance/ });
    await refusedWith(simple('<intermediateCatchEvent id="t"><messageEventDefinition/></intermediateCatchEvent>'), { elementId: 't', reason: /exactly one timer/ });
    await refusedWith(simple('<intermediateCatchEvent id="t"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></intermediateCatchEvent>'), {
      elementId: 't', reason: /timeCycle/,
    });
    await refusedWith(simple('<intermediateCatchEvent id="t"><timerEventDefinition><timeDuration>5 minutes</timeDuration></timerEventDefinition></intermediateCatchEvent>'), {
      elementId: 't', reason: /ISO 8601 duration/,
    });
    await refusedWith(simple('<subProcess id="t" triggeredByEvent="true"><startEvent id="s"/></subProcess>'), { elementId: 't', reason: /event sub-processes/ });
    const timerStart = `${HEAD}<process id="p"><startEvent id="s"><timerEventDefinition><timeDuration>PT1M</timeDuration></timerEventDefinition></startEvent><endEvent id="e"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/></process></definitions>`;
    await refusedWith(timerStart, { elementId: 's', reason: /only none start events/ });
    await refusedWith(doc('<sequenceFlow id="f" sourceRef="start" targetRef="end"/><endEvent id="err"><errorEventDefinition/></endEvent>'), { elementId: 'err', reason: /errorEventDefinition/ });
  });

  it('service tasks: unknown handler, class, expression, calls in delegateExpression', async () => {
    await refusedWith(simple('<serviceTask id="t" flowable:delegateExpression="${mailer}"/>'), { elementId: 't', reason: /'mailer' is not one of Helio's handlers/ });
    await refusedWith(simple('<serviceTask id="t" flowable:class="com.acme.Evil"/>'), { elementId: 't', reason: /flowable:class is not supported/ });
    await refusedWith(simple('<serviceTask id="t" flowable:expression="${bean.run(execution)}"/>'), { elementId: 't', reason: /flowable:expression is not supported/ });
    await refusedWith(simple('<serviceTask id="t" flowable:delegateExpression="${bean.run()}"/>'), { elementId: 't', reason: /exactly \$\{handlerName\}/ });
    await refusedWith(simple('<serviceTask id="t" flowable:type="mail"/>'), { elementId: 't', reason: /flowable:type/ });
    await refusedWith(simple('<serviceTask id="t"/>'), { elementId: 't', reason: /needs a handler/ });
    await refusedWith(simple('<userTask id="t" flowable:class="x.Y"/>'), { elementId: 't', reason: /flowable:class/ });
    expect((await compile(simple('<serviceTask id="t" camunda:delegateExpression="${ok}"/>'), ['ok'])).ok).toBe(true);
  });
});

describe('structural checks', () => {
  it('missing or double start, dangling flows, dead ends, unreachable nodes, bad defaults', async () => {
    await refusedWith(`${HEAD}<process id="p"><userTask id="t"/><endEvent id="e"/><sequenceFlow id="f" sourceRef="t" targetRef="e"/></process></definitions>`, {
      elementId: 'p', reason: /exactly one none start event, found 0/,
    });
    await refusedWith(doc('<startEvent id="s2"/><sequenceFlow id="f" sourceRef="start" targetRef="end"/><sequenceFlow id="g" sourceRef="s2" targetRef="end"/>'), {
      reason: /exactly one none start event, found 2/,
    });
    await refusedWith(doc('<sequenceFlow id="f" sourceRef="start" targetRef="nowhere"/>'), { elementId: 'f', reason: /targetRef 'nowhere'/ });
    await refusedWith(doc('<sequenceFlow id="f" sourceRef="ghost" targetRef="end"/>'), { elementId: 'f', reason: /sourceRef 'ghost'/ });
    await refusedWith(doc('<userTask id="t"/><sequenceFlow id="f" sourceRef="start" targetRef="t"/>'), { elementId: 't', reason: /no outgoing/ });
    await refusedWith(doc('<userTask id="t"/><sequenceFlow id="f" sourceRef="start" targetRef="end"/><sequenceFlow id="g" sourceRef="t" targetRef="end"/>'), {
      elementId: 't', reason: /no incoming/,
    });
    await refusedWith(doc('<exclusiveGateway id="g" default="f"/><sequenceFlow id="f" sourceRef="start" targetRef="g"/><sequenceFlow id="h" sourceRef="g" targetRef="end"/>'), {
      elementId: 'g', reason: /default flow 'f' is not one of its outgoing/,
    });
    await refusedWith(
      doc('<parallelGateway id="g"/><sequenceFlow id="f" sourceRef="start" targetRef="g"/><sequenceFlow id="h" sourceRef="g" targetRef="end"><conditionExpression>${x}</conditionExpression></sequenceFlow>'),
      { elementId: 'h', reason: /parallel gateway/ },
    );
    await refusedWith(
      doc('<subProcess id="sp"><startEvent id="s2"/><endEvent id="e2"/><sequenceFlow id="in" sourceRef="s2" targetRef="e2"/></subProcess><sequenceFlow id="f" sourceRef="start" targetRef="sp"/><sequenceFlow id="g" sourceRef="sp" targetRef="end"/><sequenceFlow id="x" sourceRef="start" targetRef="e2"/>'),
      { elementId: 'x', reason: /cross a sub-process boundary/ },
    );
    await refusedWith(
      simple('<task id="t"/><boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDuration>PT1M</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="bf" sourceRef="b" targetRef="end"/>'),
      { elementId: 'b', reason: /boundary timers are supported on user tasks and sub-processes/ },
    );
    await refusedWith(doc('<userTask id="__proto__"/><sequenceFlow id="f" sourceRef="start" targetRef="end"/>'), { reason: /id must start/ });
    await refusedWith(doc('<userTask id="end"/><sequenceFlow id="f" sourceRef="start" targetRef="end"/>'), { elementId: 'end', reason: /duplicate id/ });
  });
});

describe('hostile XML', () => {
  it('broken XML, wrong root, not text', async () => {
    await refusedWith(`${HEAD}<process id="p"><startEvent id="s"></process></definitions>`, { reason: /not well-formed/ });
    await refusedWith('', { reason: /not well-formed|no root/ });
    await refusedWith('<html><body/></html>', { element: 'html', reason: /bpmn:definitions/ });
    await refusedWith(`${HEAD}<process id="p" foo:bar="1"/></definitions>`, { reason: /not well-formed/ }); // unbound prefix
    expect(await compileBpmn(undefined as unknown as string, { serviceHandlers: [] })).toMatchObject({ ok: false });
    expect(await compileBpmn(42 as unknown as string, { serviceHandlers: [] })).toMatchObject({ ok: false });
  });

  it('XXE and entity expansion are refused, never expanded', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE definitions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${HEAD.replace('<?xml version="1.0" encoding="UTF-8"?>', '')}<process id="p" name="&xxe;"/></definitions>`;
    await refusedWith(xxe, { reason: /DOCTYPE declaration is not allowed/ });
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${lol}]><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL">&lol9;</definitions>`;
    const t0 = Date.now();
    const errors = await errorsOf(laughs);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(errors[0]!.reason).toMatch(/DOCTYPE/);
    // Without a DOCTYPE an entity reference is simply undefined.
    await refusedWith(`${HEAD}<process id="p" name="&xxe;"/></definitions>`, { reason: /not well-formed.*undefined entity/ });
  });

  it('size, element count and depth are capped', async () => {
    await refusedWith(`${HEAD}<!--${'x'.repeat(MAX_XML_CHARS)}--></definitions>`, { reason: /larger than/ });
    const many = `${HEAD}<process id="p">${'<documentation/>'.repeat(MAX_ELEMENTS + 1)}</process></definitions>`;
    expect(many.length).toBeLessThan(MAX_XML_CHARS);
    await refusedWith(many, { reason: new RegExp(`more than ${MAX_ELEMENTS} elements`) });
    const deep = `${HEAD}${'<extensionElements>'.repeat(100)}${'</extensionElements>'.repeat(100)}</definitions>`;
    await refusedWith(deep, { reason: /nested deeper/ });
  });

  it('never throws on mangled documents (property test)', async () => {
    const base = fixtureXml('LeaveProcess');
    await fc.assert(
      fc.asyncProperty(fc.nat(base.length), fc.nat(base.length), fc.string({ maxLength: 20 }), async (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        const mangled = base.slice(0, from) + junk + base.slice(to);
        const r = await compileBpmn(mangled, { serviceHandlers: [] });
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) for (const e of r.errors) expect(typeof e.reason).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
