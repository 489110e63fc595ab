import { DEPT_NAME_MAX, DEPT_SORT_MAX, deptEndpoints, type DeptNode } from '@console/contract';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import {
  EnabledField,
  SortField,
  TextField,
  TreeChoiceField,
  type TreeOption,
} from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { DEPT_LABELS } from './labels';
import { ENABLED_TEXT } from '../../components/enabled-status';

const L = DEPT_LABELS;
const TOP = 0;
type Values = { parentId: number; name: string; sort: number; enabled: boolean };

export type DeptDialogState = { mode: 'add'; parent: DeptNode | null } | { mode: 'edit'; dept: DeptNode };

/** The tree as parent choices; a department being edited and everything below it cannot be its own parent. */
export function parentOptions(tree: readonly DeptNode[], editingId: number | null): TreeOption[] {
  const of = (nodes: readonly DeptNode[], blocked: boolean): TreeOption[] =>
    nodes.map((node) => {
      const off = blocked || node.id === editingId;
      return {
        value: node.id,
        title: node.enabled ? node.name : `${node.name}（${ENABLED_TEXT.false}）`,
        disabled: off,
        children: of(node.children, off),
      };
    });
  return [{ value: TOP, title: L.topLevel }, ...of(tree, false)];
}

type Props = { state: DeptDialogState | null; tree: readonly DeptNode[]; onClose(): void; onSaved(): void };

/** 新增部门 / 新增下级 / 编辑部门: parent (the tree, never the department's own subtree), name, sort. */
export function DeptDialog({ state, tree, onClose, onSaved }: Props) {
  const editing = state?.mode === 'edit' ? state.dept : null;
  const parent = state?.mode === 'add' ? state.parent : null;
  const title = editing ? L.dialog.edit : parent ? L.dialog.addChild(parent.name) : L.dialog.add;
  return (
    <FormDialog<Values>
      open={state !== null}
      title={title}
      doneText={editing ? L.saved : L.created}
      testId="dept-dialog"
      onClose={onClose}
      onDone={onSaved}
      initialValues={
        editing
          ? { parentId: editing.parentId ?? TOP, name: editing.name, sort: editing.sort }
          : { parentId: parent?.id ?? TOP, name: '', sort: 0, enabled: parent ? parent.enabled : true }
      }
      // No schema check here: the form's 0 stands for "no parent" (null to the server, which checks every field).
      submit={async (values) => {
        const fields = {
          parentId: values.parentId === TOP ? null : values.parentId,
          name: values.name.trim(),
          sort: values.sort ?? 0,
        };
        if (editing)
          await call(deptEndpoints.update, { id: editing.id, ...fields }, { flags: { silent: true } });
        else
          await call(
            deptEndpoints.create,
            { ...fields, enabled: values.enabled },
            { flags: { silent: true } },
          );
      }}
    >
      <TreeChoiceField
        name="parentId"
        label={L.fields.parent}
        testId="dept-parent"
        options={parentOptions(tree, editing?.id ?? null)}
        expandAll
      />
      <TextField
        name="name"
        label={L.fields.name}
        required={L.nameRequired}
        max={DEPT_NAME_MAX}
        testId="dept-name"
      />
      <SortField label={L.fields.sort} max={DEPT_SORT_MAX} testId="dept-sort" />
      {!editing && <EnabledField label={L.fields.enabled} />}
    </FormDialog>
  );
}
