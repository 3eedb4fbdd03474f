/**
 * Who may do a task or start a process, picked from the tenant's directory instead of typed: users by account and
 * roles by alias (what the engine reads, and what stays valid when a model is deployed to other tenants, where ids
 * differ). Free text stays possible for what the lists do not hold: an expression such as `${initiator}`, a
 * department id, a user of another tenant. The value written is the comma-separated list the engine reads.
 */
import { useId, useMemo } from 'react';
import { AutoComplete, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/core/http/http';

interface Option {
  value: string;
  label: string;
}

interface UserRow {
  account: string;
  realName?: string | null;
}

interface RoleRow {
  roleAlias?: string | null;
  roleName?: string | null;
  children?: RoleRow[];
}

const flatten = (rows: RoleRow[]): RoleRow[] => rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);

/** The tenant's users and roles as options (empty when the designer may not read them: typing still works). */
export function useDirectory(): { users: Option[]; roles: Option[] } {
  const users = useQuery({
    queryKey: ['flow-designer', 'users'],
    queryFn: async () => (await http.get<{ records: UserRow[] }>('/api/blade-system/user/list', { params: { size: 200 } }))?.records ?? [],
    staleTime: 60_000,
    retry: false,
  });
  const roles = useQuery({
    queryKey: ['flow-designer', 'roles'],
    queryFn: async () => {
      const data = await http.get<RoleRow[] | { records: RoleRow[] }>('/api/blade-system/role/list');
      return flatten(Array.isArray(data) ? data : (data?.records ?? []));
    },
    staleTime: 60_000,
    retry: false,
  });
  return useMemo(
    () => ({
      users: (users.data ?? []).map((u) => ({ value: u.account, label: u.realName ? `${u.realName} (${u.account})` : u.account })),
      roles: (roles.data ?? []).flatMap((r) => (r.roleAlias ? [{ value: r.roleAlias, label: r.roleName ? `${r.roleName} (${r.roleAlias})` : r.roleAlias }] : [])),
    }),
    [users.data, roles.data],
  );
}

const split = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Several users or roles (a comma-separated attribute): pick from the list or type and press Enter. */
export function PeopleProp(props: { label: string; value: string; options: Option[]; extra?: string; onChange(v: string): void }) {
  const { label, value, options, extra, onChange } = props;
  const id = useId();
  return (
    <Form.Item label={label} extra={extra} htmlFor={id}>
      <Select
        id={id}
        mode="tags"
        value={split(value)}
        options={options}
        tokenSeparators={[',']}
        optionFilterProp="label"
        onChange={(v: string[]) => onChange(v.join(','))}
      />
    </Form.Item>
  );
}

/** One user or an expression: suggestions from the list while typing. */
export function AssigneeProp(props: { label: string; value: string; options: Option[]; placeholder?: string; extra?: string; onChange(v: string): void }) {
  const { label, value, options, placeholder, extra, onChange } = props;
  const id = useId();
  const needle = value.toLowerCase();
  return (
    <Form.Item label={label} extra={extra} htmlFor={id}>
      <AutoComplete
        id={id}
        value={value}
        placeholder={placeholder}
        options={needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options}
        onChange={(v: string) => onChange(v)}
      />
    </Form.Item>
  );
}
