import {
  isPageComponent,
  MENU_ICONS,
  MENU_MESSAGES,
  MENU_NAME_MAX,
  MENU_PATH_MAX,
  MENU_PERMISSION_MAX,
  MENU_SORT_MAX,
  MENU_TITLE_MAX,
  menuAdminEndpoints,
  PAGE_COMPONENTS,
  type MenuAdminNode,
  type MenuCreate,
} from '@console/contract';
import { AutoComplete, Form, Input, Radio, Select, Space, Switch } from 'antd';
import {
  FormAlert,
  SortField,
  TextField,
  TreeChoiceField,
  type TreeOption,
} from '../../components/form-dialog/form-fields';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { MenuIcon } from '../../components/menu-icon';
import { call } from '../../lib/http';
import { MENUS_LABELS } from './labels';

const L = MENUS_LABELS;
const TOP = 0;
const [DIRECTORY, PAGE, BUTTON] = [0, 1, 2] as const;
type MenuKind = typeof DIRECTORY | typeof PAGE | typeof BUTTON;

type Values = {
  type: MenuKind;
  parentId: number;
  title: string;
  name?: string;
  path?: string;
  component?: string;
  icon?: string | null;
  permission?: string;
  sort: number;
  hidden: boolean;
  cache: boolean;
  external: boolean;
};

export type MenuDialogState =
  { mode: 'add'; parent: MenuAdminNode | null } | { mode: 'edit'; menu: MenuAdminNode };

/**
 * Where a menu of `type` may go: directories and pages under a directory, buttons under a page (or at the top);
 * never under the menu being edited or below it.
 */
export function parentOptions(
  tree: readonly MenuAdminNode[],
  type: number,
  editingId: number | null,
): TreeOption[] {
  const fits = (node: MenuAdminNode) => (type === BUTTON ? node.type === PAGE : node.type === DIRECTORY);
  const of = (nodes: readonly MenuAdminNode[], blocked: boolean): TreeOption[] =>
    nodes
      .filter((node) => node.type !== BUTTON)
      .map((node) => {
        const off = blocked || node.id === editingId;
        return {
          value: node.id,
          title: node.title,
          disabled: off || !fits(node),
          children: of(node.children, off),
        };
      });
  return [{ value: TOP, title: L.topLevel }, ...of(tree, false)];
}

/** The request the form makes: 0 is the top level, 缓存 is the opposite of `noCache`, blanks are null. */
export function menuInputOf(values: Values): MenuCreate {
  const text = (value: string | null | undefined) => value?.trim() || null;
  return {
    parentId: values.parentId === TOP ? null : values.parentId,
    type: values.type,
    title: values.title?.trim() ?? '',
    name: text(values.name),
    path: text(values.path),
    component: values.external ? null : text(values.component),
    icon: values.icon ?? null,
    permission: text(values.permission),
    sort: values.sort ?? 0,
    hidden: values.hidden ?? false,
    noCache: !(values.cache ?? true),
    external: values.external ?? false,
  };
}

function initialValuesOf(state: MenuDialogState): Partial<Values> {
  if (state.mode === 'add') {
    const parent = state.parent;
    return {
      type: parent?.type === PAGE ? BUTTON : parent ? PAGE : DIRECTORY,
      parentId: parent?.id ?? TOP,
      sort: 0,
      hidden: false,
      cache: true,
      external: false,
      icon: null,
    };
  }
  const { menu } = state;
  return {
    type: menu.type as MenuKind,
    parentId: menu.parentId ?? TOP,
    title: menu.title,
    name: menu.name ?? undefined,
    path: menu.path || undefined,
    component: menu.type === PAGE ? (menu.component ?? undefined) : undefined,
    icon: menu.icon,
    permission: menu.permission ?? undefined,
    sort: menu.sort,
    hidden: menu.hidden,
    cache: !menu.noCache,
    external: menu.external,
  };
}

function Fields({ tree, editing }: { tree: readonly MenuAdminNode[]; editing: MenuAdminNode | null }) {
  const type = Form.useWatch<MenuKind>('type') ?? DIRECTORY;
  const external = Form.useWatch<boolean>('external') ?? false;
  const component = Form.useWatch<string | undefined>('component')?.trim() ?? '';
  const icons: string[] = [...MENU_ICONS];
  const currentIcon = editing?.icon && !icons.includes(editing.icon) ? editing.icon : null;
  const iconOptions = [
    ...(currentIcon ? [{ value: currentIcon, label: L.currentIcon(currentIcon) }] : []),
    ...icons.map((icon) => ({
      value: icon,
      label: (
        <Space size={6}>
          <MenuIcon name={icon} />
          {icon}
        </Space>
      ),
    })),
  ];
  const route = type !== BUTTON;
  const page = type === PAGE;
  return (
    <>
      <Form.Item name="type" label={L.fields.type}>
        <Radio.Group
          optionType="button"
          options={[DIRECTORY, PAGE, BUTTON].map((value) => ({ value, label: L.types[value] }))}
          data-testid="menu-type"
        />
      </Form.Item>
      <TreeChoiceField
        name="parentId"
        label={L.fields.parent}
        testId="menu-parent"
        options={parentOptions(tree, type, editing?.id ?? null)}
      />
      <TextField
        name="title"
        label={L.fields.title}
        required={MENU_MESSAGES.titleRequired}
        max={MENU_TITLE_MAX}
        testId="menu-title"
      />
      {route ? <TextField name="name" label={L.fields.name} max={MENU_NAME_MAX} testId="menu-name" /> : null}
      {page ? (
        <Form.Item name="external" label={L.fields.external} valuePropName="checked">
          <Switch data-testid="menu-external" />
        </Form.Item>
      ) : null}
      {route ? (
        <Form.Item
          name="path"
          label={page && external ? L.fields.externalPath : L.fields.path}
          extra={page && external ? L.hints.externalPath : L.hints.path}
        >
          <Input maxLength={MENU_PATH_MAX} data-testid="menu-path" />
        </Form.Item>
      ) : null}
      {page && !external ? (
        <Form.Item name="component" label={L.fields.component} extra={L.registeredHint}>
          <AutoComplete
            data-testid="menu-component"
            maxLength={MENU_NAME_MAX}
            options={PAGE_COMPONENTS.map((name) => ({ value: name }))}
            filterOption={(input, option) =>
              String(option?.value).toLowerCase().includes(input.toLowerCase())
            }
          />
        </Form.Item>
      ) : null}
      {page && !external && component && !isPageComponent(component) ? (
        <FormAlert type="warning" title={L.comingSoonHint(component)} testId="menu-coming-soon" />
      ) : null}
      {route ? (
        <Form.Item name="icon" label={L.fields.icon}>
          <Select allowClear placeholder={L.noIcon} options={iconOptions} data-testid="menu-icon" />
        </Form.Item>
      ) : null}
      {type !== DIRECTORY ? (
        <TextField
          name="permission"
          label={L.fields.permission}
          max={MENU_PERMISSION_MAX}
          placeholder={L.hints.permission}
          testId="menu-permission"
        />
      ) : null}
      <SortField label={L.fields.sort} max={MENU_SORT_MAX} testId="menu-sort" />
      {route ? (
        <Space size={24}>
          <Form.Item name="hidden" label={L.fields.hidden} valuePropName="checked" tooltip={L.hints.hidden}>
            <Switch data-testid="menu-hidden" />
          </Form.Item>
          {page ? (
            <Form.Item name="cache" label={L.fields.cache} valuePropName="checked" tooltip={L.hints.cache}>
              <Switch data-testid="menu-cache" />
            </Form.Item>
          ) : null}
        </Space>
      ) : null}
    </>
  );
}

type Props = {
  state: MenuDialogState | null;
  tree: readonly MenuAdminNode[];
  onClose(): void;
  onSaved(): void;
};

/** 新增菜单 / 新增下级 / 编辑菜单: the fields each kind has; the server checks the rest. */
export function MenuDialog({ state, tree, onClose, onSaved }: Props) {
  const editing = state?.mode === 'edit' ? state.menu : null;
  const parent = state?.mode === 'add' ? state.parent : null;
  const title = editing
    ? L.dialog.edit(editing.title)
    : parent
      ? L.dialog.addChild(parent.title)
      : L.dialog.add;
  return (
    <FormDialog<Values>
      key={editing ? `edit-${editing.id}` : `add-${parent?.id ?? 0}`}
      open={state !== null}
      title={title}
      doneText={editing ? L.saved : L.created}
      testId="menu-dialog"
      onClose={onClose}
      onDone={onSaved}
      initialValues={state ? initialValuesOf(state) : undefined}
      schema={menuAdminEndpoints.create.request}
      toInput={menuInputOf}
      submit={async (values) => {
        const input = menuInputOf(values);
        if (editing)
          await call(menuAdminEndpoints.update, { id: editing.id, ...input }, { flags: { silent: true } });
        else await call(menuAdminEndpoints.create, input, { flags: { silent: true } });
      }}
    >
      <FormAlert type="info" title={L.hints.nextLoad} />
      <Fields tree={tree} editing={editing} />
    </FormDialog>
  );
}
