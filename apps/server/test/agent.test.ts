/**
 * Agent companies (issue 17) through the API: every §3 field saved and read back (region names looked up, fee kept
 * exact), the generated number, the department and administrator account created with the company, documents
 * (at most 3, images or PDF of the tenant), the operation log (old → new), optimistic locking, the refusals with
 * translated messages naming the field (duplicate number, fee with 4 decimals, bad phone, bad e-mail, a short
 * mobile) with nothing half-written, staff with the agent roles, excluded staff, the pickers, deleteBatch, and
 * another tenant sees nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dept, user } from '../src/db/schema.js';
import { agentCompany, agentOperationLog } from '../src/modules/agent/agent.tables.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { AGENT, API, company, en, get, h, makeCompany, pdf, png, post, regionChain, t, tag, upload, useAgentApp } from './agent-fixtures.js';

useAgentApp();

const detail = async (id: string, headers = h) => (await get(`${AGENT}/detail?id=${id}`, headers)).json().data;
const count = async () => Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM helio_agent_company`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

describe('agent company', () => {
  it('saves every field, generates the number, creates its department and administrator, links documents', async () => {
    const r = await regionChain();
    const docs = [await upload('licence.pdf', pdf(), 'application/pdf'), await upload('id.png', png(), 'image/png')];
    const body = company({
      registrationTime: '2026-01-02 03:04:05',
      provinceCode: r.province,
      cityCode: r.city,
      districtCode: r.district,
      address: '1 Sun Road',
      taxId: '91310000MA1K',
      controllerName: 'Han Meimei',
      controllerIdType: 1,
      controllerIdNumber: '110101199001011234',
      controllerPhone: '13900139000',
      legalPersonName: 'Wang Wu',
      legalPersonIdType: 2,
      legalPersonIdNumber: 'E12345678',
      legalPersonPhone: '13700137000',
      bankName: 'Bank of Sun',
      bankAccountName: 'Sunrise Solar',
      bankAccount: '6222 0000 1111',
      invoiceTitle: 'Sunrise Solar Ltd',
      invoiceTaxId: '91310000MA1K',
      invoiceAddress: '1 Sun Road',
      invoicePhone: '02112345678',
      invoiceBankName: 'Bank of Sun',
      invoiceBankAccount: '6222000011112222',
      adminAccount: tag('boss'),
      adminPassword: 'Agent2026pw',
      attachIds: docs,
    });
    const res = await post(`${AGENT}/save`, body);
    expect(res.json()).toMatchObject({ code: 200, data: { agentNumber: expect.stringMatching(/^AG\d{8}\d{3,}$/), adminAccount: body.adminAccount } });
    const { id, deptId, adminUserId, initialPassword } = res.json().data;
    expect(initialPassword).toBeUndefined();
    const d = await detail(id);
    expect(d).toMatchObject({
      companyName: body.companyName,
      registrationTime: '2026-01-02 03:04:05',
      regionName: r.names,
      agentFee: expect.stringMatching(/^1200\.125/),
      controllerIdNumber: '110101199001011234',
      legalPersonIdType: 2,
      invoiceBankAccount: '6222000011112222',
      deptId,
      adminUserId,
      adminAccount: body.adminAccount,
      version: 1,
    });
    const [dp] = await t.database.db.select().from(dept).where(eq(dept.id, deptId));
    expect(dp!.deptName).toBe(body.companyName);
    // The administrator signs in with the password given, and belongs to the company's department.
    const s = await t.login(body.adminAccount as string, 'Agent2026pw');
    expect(s.access_token).toBeTruthy();
    const [u] = await t.database.db.select().from(user).where(eq(user.id, adminUserId));
    expect(u!.deptId).toBe(deptId);
    const documents = (await get(`${AGENT}/documents?agentId=${id}`)).json().data;
    expect(documents.map((x: { attachId: string }) => x.attachId)).toEqual(docs);
    expect(documents[0]).toMatchObject({ extension: 'pdf', link: expect.any(String) });
    // The list finds it by number and name.
    const list = (await get(`${AGENT}/list?agentNumber=${d.agentNumber}`)).json().data;
    expect(list.records.map((x: { id: string }) => x.id)).toEqual([id]);
    const log = (await get(`${AGENT}/operationLog/list?agentId=${id}`)).json().data;
    expect(log.records[0]).toMatchObject({ operation: 'create', createUserName: expect.any(String) });
    expect(log.records[0].changes).toEqual(expect.arrayContaining([{ field: 'companyName', label: '公司名称', oldValue: null, newValue: body.companyName }]));
  });

  it('a company without an administrator account gets one named after its number, with a generated password', async () => {
    const res = await post(`${AGENT}/save`, company({ agentNumber: tag('N') }));
    expect(res.json().code).toBe(200);
    const data = res.json().data;
    expect(data.adminAccount).toBe(String(data.agentNumber).toLowerCase());
    expect(data.initialPassword).toMatch(/^[A-Za-z0-9]{8,16}$/);
  });

  it('update: logs old → new, renames the department, and refuses a stale version with 409', async () => {
    const c = await makeCompany();
    const d = await detail(c.id!);
    const up = await post(`${AGENT}/update`, { id: c.id, version: d.version, companyName: 'Renamed Solar', agentFee: '99.5', email: 'new@example.com', agentType: 2 });
    expect(up.json().code).toBe(200);
    const stale = await post(`${AGENT}/update`, { id: c.id, version: d.version, companyName: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect((await detail(c.id!)).companyName).toBe('Renamed Solar');
    const [dp] = await t.database.db.select().from(dept).where(eq(dept.id, c.deptId!));
    expect(dp!.deptName).toBe('Renamed Solar');
    const log = (await get(`${AGENT}/operationLog/list?agentId=${c.id}`, { ...h, ...en })).json().data;
    expect(log.records[0].operation).toBe('update');
    expect(log.records[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'companyName', label: 'Company name', oldValue: d.companyName, newValue: 'Renamed Solar' },
        { field: 'agentFee', label: 'Agent fee', oldValue: '1200.125', newValue: '99.5' },
        { field: 'email', label: 'E-mail', oldValue: 'li@example.com', newValue: 'new@example.com' },
        // A coded field reads as its dictionary entry in the reader's language, not as the stored code.
        { field: 'agentType', label: expect.any(String), oldValue: 'Distributor', newValue: 'Installer' },
      ]),
    );
    const zh = (await get(`${AGENT}/operationLog/list?agentId=${c.id}`)).json().data;
    expect(zh.records[0].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'agentType', oldValue: '经销商', newValue: '安装商' })]));
  });

  it('refuses bad input with translated messages naming the field, and writes nothing', async () => {
    const before = await count();
    const users = Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM blade_user`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const number = tag('DUP');
    await makeCompany({ agentNumber: number });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ agentNumber: number }, '代理商编号已存在', 'Agent number already exists'],
      [{ agentFee: '1.2345' }, '代理费格式不正确', 'Agent fee has an invalid format'],
      [{ agentFee: '-1' }, '代理费格式不正确', 'Agent fee has an invalid format'],
      [{ phone: '138-0013' }, '联系电话格式不正确', 'Phone has an invalid format'],
      [{ phone: '1380013800' }, '联系电话长度须为11位', 'Phone must be 11 digits'],
      [{ email: 'not-an-email' }, '邮箱格式不正确', 'E-mail has an invalid format'],
      [{ contactName: '' }, '联系人不能为空', 'Contact name is required'],
      [{ provinceCode: '000001' }, '省份不存在或不属于所选上级地区', 'Province: no such region under the one chosen above it'],
      [{ registrationTime: '2026-02-30 10:00:00' }, '注册时间格式不正确(yyyy-MM-dd HH:mm:ss)', 'Registration time has an invalid format (yyyy-MM-dd HH:mm:ss)'],
    ];
    for (const [bad, zh, enText] of cases) {
      const a = await post(`${AGENT}/save`, company({ adminAccount: tag('x'), ...bad }));
      expect(a.statusCode, JSON.stringify(bad)).toBe(400);
      expect(a.json().msg).toBe(zh);
      const b = await post(`${AGENT}/save`, company({ adminAccount: tag('x'), ...bad }), { ...h, ...en });
      expect(b.json().msg).toBe(enText);
    }
    // A failing administrator account (taken) leaves no company, department or user behind.
    const taken = tag('taken');
    await makeCompany({ adminAccount: taken });
    const depts = Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM blade_dept`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const again = await post(`${AGENT}/save`, company({ adminAccount: taken }), { ...h, ...en });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The account already exists');
    expect(Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM blade_dept`)) as unknown as { rows: { n: string }[] }).rows[0]!.n)).toBe(depts);
    expect(await count()).toBe(before + 2);
    expect(Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM blade_user`)) as unknown as { rows: { n: string }[] }).rows[0]!.n)).toBe(users + 2);
  });

  it('documents: at most 3, images or PDF of the tenant', async () => {
    const c = await makeCompany();
    const four = [
      await upload('a.png', png(), 'image/png'),
      await upload('b.png', png(), 'image/png'),
      await upload('c.pdf', pdf(), 'application/pdf'),
      await upload('d.png', png(), 'image/png'),
    ];
    const many = await post(`${AGENT}/documents`, { agentId: c.id, attachIds: four }, { ...h, ...en });
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toBe('At most 3 files can be uploaded');
    const txt = await upload('notes.txt', Buffer.from('hello world'), 'text/plain');
    const wrong = await post(`${AGENT}/documents`, { agentId: c.id, attachIds: [txt] }, { ...h, ...en });
    expect(wrong.json().msg).toBe('Documents must be images or PDF files: notes.txt');
    const ok = await post(`${AGENT}/documents`, { agentId: c.id, attachIds: four.slice(0, 3) });
    expect(ok.json().data).toHaveLength(3);
    // The log names the files, not their attachment ids.
    const log = (await get(`${AGENT}/operationLog/list?agentId=${c.id}`)).json().data;
    expect(log.records[0]).toMatchObject({ operation: 'documents', changes: [expect.objectContaining({ field: 'documents', newValue: 'a.png, b.png, c.pdf' })] });
    // Three documents in the save itself too; a fourth refused, nothing written.
    const before = await count();
    const bad = await post(`${AGENT}/save`, company({ adminAccount: tag('d'), attachIds: four }));
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('staff with the agent roles, excluded staff, pickers and list-by-dept-tenant', async () => {
    const c = await makeCompany();
    const refused = await post(`${AGENT}/staff/save`, { agentId: c.id, account: tag('s'), realName: 'Tech', phone: '13800000001', roleAlias: 'administrator' }, { ...h, ...en });
    expect(refused.json().msg).toBe('Role must be one of the agent staff roles');
    const short = await post(`${AGENT}/staff/save`, { agentId: c.id, account: tag('s'), realName: 'Tech', phone: '1380000', roleAlias: 'electrician' });
    expect(short.statusCode).toBe(400);
    const tech = await post(`${AGENT}/staff/save`, { agentId: c.id, account: tag('tech'), realName: 'Tech One', phone: '13800000001', roleAlias: 'site_technician' });
    expect(tech.json()).toMatchObject({ code: 200, data: { id: expect.any(String), initialPassword: expect.any(String) } });
    const dm = await post(`${AGENT}/staff/save`, { agentId: c.id, account: tag('dm'), realName: 'Delivery One', phone: '13800000002', roleAlias: 'delivery_manager', password: 'Deliver2026x' });
    expect(dm.json().code).toBe(200);
    const staff = (await get(`${AGENT}/findAgentUserList?agentId=${c.id}`, { ...h, ...en })).json().data;
    expect(staff).toHaveLength(3);
    expect(staff.find((s: { id: string }) => s.id === tech.json().data.id)).toMatchObject({ roles: [{ alias: 'site_technician', name: 'Site technician' }], excluded: false, isAdmin: false });
    expect(staff.find((s: { isAdmin: boolean }) => s.isAdmin)).toMatchObject({ id: c.adminUserId, roles: [{ alias: 'agent' }] });
    const managers = (await post(`${AGENT}/selectDeliveryManager`, { agentId: c.id })).json().data;
    expect(managers.map((m: { id: string }) => m.id)).toEqual([dm.json().data.id]);

    // Excluded staff: only the company's own; listed; the delivery manager picker leaves them out; lifted again.
    const stranger = await post(`${API}/agentUnauthorizedUser/saveBatch`, { agentId: c.id, userIds: ['1123598821738675201'] }, { ...h, ...en });
    expect(stranger.json().msg).toBe("This user is not one of the company's staff: 1123598821738675201");
    const ex = await post(`${API}/agentUnauthorizedUser/saveBatch`, { agentId: c.id, userIds: [dm.json().data.id], reason: 'on leave' });
    expect(ex.json().data).toEqual([expect.objectContaining({ userId: dm.json().data.id, reason: 'on leave' })]);
    expect((await post(`${API}/agentUnauthorizedUser/saveBatch`, { agentId: c.id, userIds: [dm.json().data.id] })).json().code).toBe(200);
    const listed = (await get(`${API}/agentUnauthorizedUser/list?agentId=${c.id}`)).json().data;
    expect(listed).toHaveLength(1);
    expect((await post(`${AGENT}/selectDeliveryManager`, { agentId: c.id })).json().data).toEqual([]);
    const lifted = await post(`${API}/agentUnauthorizedUser/remove?ids=${listed[0].id}`);
    expect(lifted.json(), lifted.body).toMatchObject({ code: 200, data: { removed: 1 } });
    expect((await get(`${API}/agentUnauthorizedUser/list?agentId=${c.id}`)).json().data).toEqual([]);

    const byDept = (await get(`${API}/user/list-by-dept-tenant?deptId=${c.deptId}`)).json().data;
    expect(byDept).toHaveLength(3);
    const options = (await post(`${AGENT}/selectAgencyCompany`, { keyword: (await detail(c.id!)).agentNumber })).json().data;
    expect(options).toEqual([expect.objectContaining({ id: c.id, deptId: c.deptId })]);
    const names = (await get(`${API}/companyInfo/getListCompanyName`)).json().data;
    expect(names.some((n: { id: string }) => n.id === c.id)).toBe(true);
    const log = (await get(`${AGENT}/operationLog/list?agentId=${c.id}&size=50`)).json().data;
    expect(log.records.map((r: { operation: string }) => r.operation)).toEqual(['include', 'exclude', 'staff', 'staff', 'create']);
  });

  it('deleteBatch removes softly; another tenant sees and changes nothing', async () => {
    const c = await makeCompany();
    const tenantB = '871234';
    await createTenant(t.database.db, tenantB);
    const roleB = await createRole(t.database.db, tenantB, 'administrator', 'all');
    await createUser(t.database.db, { tenantId: tenantB, account: 'adminb', password: 'Passw0rdB', roleId: roleB });
    const sB = await t.login('adminb', 'Passw0rdB', tenantB);
    const hB = { 'blade-auth': `bearer ${sB.access_token}` };
    expect((await get(`${AGENT}/detail?id=${c.id}`, hB)).json().code).toBe(400);
    expect((await get(`${AGENT}/list`, hB)).json().data.total).toBe(0);
    expect((await get(`${AGENT}/findAgentUserList?agentId=${c.id}`, hB)).json().code).toBe(400);
    expect((await post(`${AGENT}/deleteBatch`, { ids: c.id }, hB)).json().data).toEqual({ removed: 0 });
    expect((await post(`${AGENT}/update`, { id: c.id, companyName: 'B was here' }, hB)).statusCode).toBe(400);
    // B's own company: its roles are added to tenant B with it.
    const own = await makeCompany({}, hB);
    const staff = await post(`${AGENT}/staff/save`, { agentId: own.id, account: tag('bt'), realName: 'B Tech', phone: '13800000009', roleAlias: 'electrician' }, hB);
    expect(staff.json().code).toBe(200);
    const roles = ((await t.database.db.execute(sql`SELECT role_alias AS a FROM blade_role WHERE tenant_id = ${tenantB} ORDER BY role_alias`)) as unknown as { rows: { a: string }[] }).rows.map((r) => r.a);
    expect(roles).toEqual(expect.arrayContaining(['agent', 'electrician', 'site_technician', 'delivery_manager']));

    expect((await post(`${AGENT}/deleteBatch`, { ids: [c.id] })).json().data).toEqual({ removed: 1 });
    const [row] = await t.database.db.select().from(agentCompany).where(eq(agentCompany.id, c.id!));
    expect(row!.isDeleted).toBe(1);
    const ops = await t.database.db.select().from(agentOperationLog).where(eq(agentOperationLog.agentId, c.id!));
    expect(ops.map((o) => o.operation)).toContain('delete');
  });
});
