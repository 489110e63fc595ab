import {
  DATA_SCOPE_TEXT,
  DATA_SCOPES,
  roleEndpoints,
  type DataScope,
  type PermissionNode,
  type RoleRow,
} from '@console/contract';
import { Form, Input, Radio } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { TextAreaField, TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { ROLES_LABELS } from './labels';
import { PermissionTree } from './permission-tree';
import { ShopGroupSelect } from './shop-group-select';

const L = ROLES_LABELS;
const SUPER_ROLE = 'admin';
type Values = {
  name: string;
  permission: string;
  description: string;
  menuIds: number[];
  dataScope: DataScope;
  shopGroupIds: number[];
};

/** Who the dialog is for: a new role, or the row being edited. */
export type RoleDialogState = { mode: 'add' } | { mode: 'edit'; role: RoleRow };

type Props = {
  state: RoleDialogState | null;
  tree: readonly PermissionNode[];
  onClose(): void;
  onSaved(): void;
};

/** 新增角色 / 编辑角色: name, key, description, data scope and the menus and buttons it grants. */
export function RoleDialog({ state, tree, onClose, onSaved }: Props) {
  const role = state?.mode === 'edit' ? state.role : null;
  const isSuper = role?.permission === SUPER_ROLE;
  return (
    <FormDialog<Values>
      open={state !== null}
      title={role ? L.dialog.edit(role.name) : L.dialog.add}
      doneText={role ? L.saved : L.created}
      testId="role-dialog"
      onClose={onClose}
      onDone={onSaved}
      initialValues={
        role
          ? {
              name: role.name,
              permission: role.permission,
              description: role.description,
              menuIds: role.menuIds,
              dataScope: role.dataScope,
              shopGroupIds: role.shopGroups.map((g) => g.id),
            }
          : { name: '', permission: '', description: '', menuIds: [], dataScope: 'own', shopGroupIds: [] }
      }
      schema={roleEndpoints.create.request}
      submit={async (values) => {
        const body = { ...values, cloudPlatform: role?.cloudPlatform ?? true };
        if (role)
          await call(roleEndpoints.edit, body, { pathParams: { id: role.id }, flags: { silent: true } });
        else await call(roleEndpoints.create, body, { flags: { silent: true } });
      }}
    >
      <TextField name="name" label={L.fields.name} required={L.nameRequired} max={64} testId="role-name" />
      <Form.Item
        name="permission"
        label={L.fields.permission}
        extra={isSuper ? L.adminKeyFixed : undefined}
        rules={[{ required: true, whitespace: true, message: L.permissionRequired }]}
      >
        <Input
          maxLength={32}
          placeholder={L.permissionPlaceholder}
          disabled={isSuper}
          data-testid="role-permission"
        />
      </Form.Item>
      <TextAreaField
        name="description"
        label={L.fields.description}
        max={255}
        rows={2}
        testId="role-description"
      />
      <Form.Item
        name="dataScope"
        label={L.fields.dataScope}
        extra={isSuper ? L.scope.adminFixed : L.scope.hint}
      >
        <Radio.Group
          disabled={isSuper}
          data-testid="role-data-scope"
          options={DATA_SCOPES.map((scope) => ({ value: scope, label: DATA_SCOPE_TEXT[scope] }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['dataScope']}>
        {({ getFieldValue }) =>
          getFieldValue('dataScope') === 'groups' ? (
            <Form.Item name="shopGroupIds" label={L.fields.shopGroups}>
              <ShopGroupSelect initial={role?.shopGroups ?? []} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="menuIds" label={L.fields.menus}>
        <PermissionTree tree={tree} />
      </Form.Item>
    </FormDialog>
  );
}
