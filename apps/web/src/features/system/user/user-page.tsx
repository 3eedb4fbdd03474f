/**
 * Users: the department tree on the left narrows the list (sub-departments included); the list, search and
 * add/edit/view dialog are the generic screen with the user definition (every field and rule of spec §3/§5);
 * the toolbar grants roles, resets passwords (new random ones, shown once), unlocks, approves or rejects
 * registrations, imports and exports; each row has its platform settings. A user created without a password gets a
 * random one, shown once after saving.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, Row as GridRow, Space, Spin, Switch, Tag, Tree } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, KeyOutlined, TeamOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_PATTERN, ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { DiallingCodeSelect } from '@/components/dialling-code-select';
import { useSessionStore } from '@/core/auth/session-store';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride, SubmitContext } from '@/core/crud/crud-page';
import { ImportDialog } from '@/core/crud/import-dialog';
import { useLabel } from '@/core/crud/labels';
import { optionSourceKey, toTreeNodes, useOptionSources } from '@/core/crud/options';
import type { TreeOption } from '@/core/crud/options';
import { antdRules, fieldRule } from '@/core/crud/rules';
import type { Row } from '@/core/crud/use-crud-resource';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { ApproveDialog, PENDING_STATUS } from './user-approval';
import { GrantRoleDialog, PlatformDialog } from './user-dialogs';
import { IssuedPasswordsModal, type IssuedPassword } from './user-passwords';
import { userResource, userResourceFor } from './user-resource';

const DEPT_TREE = { url: '/api/blade-system/dept/tree' };
const DEPT_SOURCES = [DEPT_TREE];
const field = (key: string) => userResource.fields.find((f) => f.key === key)!;

function filterTree(nodes: readonly TreeOption[], text: string): TreeOption[] {
  if (!text) return nodes as TreeOption[];
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    if (n.title.toLowerCase().includes(text.toLowerCase()) || children.length) return [{ ...n, ...(children.length ? { children } : {}) }];
    return [];
  });
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'grant'; users: Row[]; done(): void }
  | { kind: 'platform'; user: Row; done(): void }
  | { kind: 'import'; done(): void }
  | { kind: 'issued'; items: IssuedPassword[] }
  | { kind: 'approve'; users: Row[]; done(): void };

export function UserPage() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const tenantId = useSessionStore((s) => s.user?.tenant_id);
  const platform = tenantId === PLATFORM_TENANT_ID;
  const [deptId, setDeptId] = useState<string | undefined>();
  const [deptFilter, setDeptFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // Whose roles, departments and posts the add/edit form offers: the edited user's tenant (own for a new user).
  const [formTenant, setFormTenant] = useState<string | undefined>(tenantId);
  const resource = useMemo(() => userResourceFor(formTenant), [formTenant]);
  const depts = useOptionSources(DEPT_SOURCES)[optionSourceKey(DEPT_TREE)];
  const shownDepts = useMemo(() => filterTree(depts ?? [], deptFilter), [depts, deptFilter]);
  const close = () => setDialog({ kind: 'none' });

  const fields = useMemo((): Record<string, FieldOverride> => {
    const language = i18n.language;
    const phoneRules = antdRules(fieldRule(field('phone')), language);
    const codeRules = antdRules(fieldRule(field('phoneDiallingCode')), language);
    return {
      tenantId: { table: platform },
      roleId: { render: (_v, row) => String(row.roleName ?? '') || '-' },
      deptId: { render: (_v, row) => String(row.deptName ?? '') || '-' },
      phoneDiallingCode: { hidden: true },
      phone: {
        render: (v, row) => (v ? `${String(row.phoneDiallingCode ?? '')} ${String(v)}`.trim() : '-'),
        item: ({ disabled, mode, placeholder }) => (
          <Form.Item label={label(field('phone').label)} required={mode !== 'view'}>
            <Space.Compact block>
              <Form.Item name="phoneDiallingCode" noStyle rules={mode === 'view' ? [] : codeRules}>
                <DiallingCodeSelect style={{ width: 130 }} disabled={disabled} />
              </Form.Item>
              <Form.Item
                name="phone"
                noStyle
                dependencies={['phoneDiallingCode']}
                rules={
                  mode === 'view'
                    ? []
                    : [
                        ...phoneRules,
                        ({ getFieldValue }) => ({
                          validator: async (_r, value: unknown) => {
                            const code = String(getFieldValue('phoneDiallingCode') ?? '');
                            const text = String(value ?? '');
                            if (/^\d+$/.test(text) && ELEVEN_DIGIT_MOBILE_CODES.includes(code) && text.length !== 11) {
                              throw new Error(t('system.user.rule.mobileLength'));
                            }
                          },
                        }),
                      ]
                }
              >
                <Input inputMode="numeric" disabled={disabled} placeholder={placeholder} aria-label={label(field('phone').label)} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        ),
      },
      password: {
        extra: t('system.user.passwordHint'),
        rules: [
          {
            validator: async (_r, value: unknown) => {
              if (value && !new RegExp(PASSWORD_PATTERN).test(String(value))) throw new Error(t('system.user.rule.password'));
            },
          },
        ],
      },
      password2: {
        itemProps: { dependencies: ['password'] },
        rules: [
          ({ getFieldValue }) => ({
            validator: async (_r, value: unknown) => {
              const first = String(getFieldValue('password') ?? '');
              if ((first || value) && String(value ?? '') !== first) throw new Error(t('system.user.rule.passwordMismatch'));
            },
          }),
        ],
      },
      status: {
        render: (v) =>
          Number(v) === 1 ? (
            <Tag color="green">{t('system.user.enabled')}</Tag>
          ) : Number(v) === PENDING_STATUS ? (
            <Tag color="orange">{t('system.user.approval.pending')}</Tag>
          ) : (
            <Tag color="red">{t('system.user.disabled')}</Tag>
          ),
        widget: ({ disabled }) => <Switch disabled={disabled} checkedChildren={t('system.user.enabled')} unCheckedChildren={t('system.user.disabled')} />,
      },
    };
  }, [i18n.language, t, label, platform]);

  const params = useMemo(() => (deptId ? { deptId } : {}), [deptId]);
  const defaults = useMemo(
    () => () => {
      setFormTenant(tenantId);
      return { phoneDiallingCode: '+86', userType: 1, sex: 3, ...(deptId ? { deptId } : {}) };
    },
    [deptId, tenantId],
  );
  const afterLoad = useCallback(
    (record: Row) => {
      setFormTenant(String(record.tenantId || tenantId || ''));
      return record;
    },
    [tenantId],
  );
  const beforeSubmit = (values: Row, ctx: SubmitContext) => {
    const out = { ...values };
    if (ctx.mode === 'add' && !out.password) {
      delete out.password;
      delete out.password2;
    }
    return out;
  };
  // A user created without a password: its generated password, shown this once.
  const afterSave = (result: unknown, ctx: SubmitContext & { values: Row }) => {
    const initialPassword = (result as { initialPassword?: unknown } | undefined)?.initialPassword;
    if (ctx.mode === 'add' && typeof initialPassword === 'string' && initialPassword) {
      setDialog({ kind: 'issued', items: [{ account: String(ctx.values.account ?? ''), password: initialPassword }] });
    }
  };

  const resetPasswords = (ctx: CrudContext) => {
    if (ctx.selectedKeys.length === 0) {
      toast.warning(t('crud.selectOne'));
      return;
    }
    void ctx.modal.confirm({
      title: t('crud.confirm.title'),
      content: t('system.user.resetConfirm'),
      okText: t('crud.confirm.ok'),
      cancelText: t('crud.confirm.cancel'),
      onOk: async () => {
        try {
          const issued = await http.post<IssuedPassword[]>('/api/blade-system/user/reset-password', { params: { userIds: ctx.selectedKeys.join(',') } });
          toast.success(t('crud.success'));
          ctx.clearSelection();
          if (issued?.length) setDialog({ kind: 'issued', items: issued });
        } catch (error) {
          console.error(error);
        }
      },
    });
  };

  const reject = (ctx: CrudContext) => {
    void ctx.modal.confirm({
      title: t('crud.confirm.title'),
      content: t('system.user.approval.rejectConfirm'),
      okText: t('crud.confirm.ok'),
      cancelText: t('crud.confirm.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/blade-system/user/reject', { params: { userIds: ctx.selectedKeys.join(',') } });
          toast.success(t('crud.success'));
          ctx.clearSelection();
          ctx.reload();
        } catch (error) {
          console.error(error);
        }
      },
    });
  };

  /** Approve or reject: the selection must be registrations waiting for approval. */
  const pendingSelection = (ctx: CrudContext, then: () => void) => {
    if (ctx.selectedKeys.length === 0) toast.warning(t('crud.selectOne'));
    else if (ctx.selectedRows.some((r) => Number(r.status) !== PENDING_STATUS)) toast.warning(t('system.user.approval.onlyPending'));
    else then();
  };

  const unlock = (ctx: CrudContext) => {
    if (ctx.selectedKeys.length === 0) {
      toast.warning(t('crud.selectOne'));
      return;
    }
    void ctx.modal.confirm({
      title: t('crud.confirm.title'),
      content: t('system.user.unlockConfirm'),
      okText: t('crud.confirm.ok'),
      cancelText: t('crud.confirm.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/blade-system/user/unlock', { params: { userIds: ctx.selectedKeys.join(',') } });
          toast.success(t('crud.success'));
          ctx.clearSelection();
        } catch (error) {
          console.error(error);
        }
      },
    });
  };

  const toolbar = (ctx: CrudContext) => (
    <Space wrap>
      {ctx.has('role') && (
        <Button
          icon={<TeamOutlined />}
          onClick={() => {
            if (ctx.selectedKeys.length === 0) toast.warning(t('crud.selectOne'));
            else setDialog({ kind: 'grant', users: ctx.selectedRows, done: () => (ctx.clearSelection(), ctx.reload()) });
          }}
        >
          {t('system.user.grantRoles')}
        </Button>
      )}
      {ctx.has('reset') && (
        <Button icon={<KeyOutlined />} onClick={() => resetPasswords(ctx)}>
          {t('system.user.resetPassword')}
        </Button>
      )}
      {ctx.has('unlock') && (
        <Button icon={<UnlockOutlined />} onClick={() => unlock(ctx)}>
          {t('system.user.unlock')}
        </Button>
      )}
      {ctx.has('approve') && (
        <Button
          icon={<CheckOutlined />}
          onClick={() => pendingSelection(ctx, () => setDialog({ kind: 'approve', users: ctx.selectedRows, done: () => (ctx.clearSelection(), ctx.reload()) }))}
        >
          {t('system.user.approval.approve')}
        </Button>
      )}
      {ctx.has('approve') && (
        <Button icon={<CloseOutlined />} onClick={() => pendingSelection(ctx, () => reject(ctx))}>
          {t('system.user.approval.reject')}
        </Button>
      )}
      {ctx.has('import') && (
        <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import', done: ctx.reload })}>
          {t('crud.action.import')}
        </Button>
      )}
      {ctx.has('export') && (
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFile('/api/blade-system/user/export-user', ctx.filters, 'users.xlsx').catch(() => undefined)}>
          {t('crud.action.export')}
        </Button>
      )}
    </Space>
  );

  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('platform') && (
      <Button type="link" size="small" onClick={() => setDialog({ kind: 'platform', user: row, done: ctx.reload })}>
        {t('system.user.platform')}
      </Button>
    );

  return (
    <GridRow gutter={16}>
      <Col xs={24} md={7} xl={5}>
        <Card size="small" title={t('system.user.depts')} className="helio-side-tree">
          <Input.Search allowClear placeholder={t('system.user.searchDept')} onChange={(e) => setDeptFilter(e.target.value)} style={{ marginBottom: 8 }} />
          {depts === undefined ? (
            <Spin />
          ) : shownDepts.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              key={deptFilter || 'all'}
              treeData={toTreeNodes(shownDepts)}
              selectedKeys={deptId ? [deptId] : []}
              onSelect={(keys) => setDeptId(keys.length ? String(keys[0]) : undefined)}
              height={600}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={17} xl={19}>
        <CrudPage
          resource={resource}
          // The tab names the page; the toolbar needs the room for its nine buttons.
          title={false}
          tableProps={{ options: false }}
          fields={fields}
          params={params}
          defaults={defaults}
          afterLoad={afterLoad}
          beforeSubmit={beforeSubmit}
          afterSave={afterSave}
          selectable
          toolbar={toolbar}
          rowActions={rowActions}
        />
      </Col>
      {dialog.kind === 'grant' && <GrantRoleDialog users={dialog.users} onClose={close} onDone={dialog.done} />}
      {dialog.kind === 'platform' && <PlatformDialog user={dialog.user} onClose={close} onDone={dialog.done} />}
      {dialog.kind === 'issued' && <IssuedPasswordsModal items={dialog.items} onClose={close} />}
      {dialog.kind === 'approve' && <ApproveDialog users={dialog.users} onClose={close} onDone={dialog.done} />}
      {dialog.kind === 'import' && (
        <ImportDialog
          open
          templateUrl="/api/blade-system/user/export-template"
          templateName="user-template.xlsx"
          importUrl="/api/blade-system/user/import-user"
          columnLabels={{
            ...Object.fromEntries(userResource.fields.map((f) => [f.key, label(f.label)])),
            roleAlias: label(field('roleId').label),
            deptName: label(field('deptId').label),
            postCode: label(field('postId').label),
          }}
          allowSkipErrors
          onClose={close}
          onImported={dialog.done}
        />
      )}
    </GridRow>
  );
}
