import { DICT_SORT_MAX, dictEndpoints, type DictItemRow, type DictTypeRow } from '@console/contract';
import { Form } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { EnabledField, SortField, TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { DICT_LABELS } from './labels';

const L = DICT_LABELS;
type Values = { label: string; value: string; sort: number; enabled: boolean };

type Props = {
  type: DictTypeRow;
  /** The item edited; null: a new one. */
  editing: DictItemRow | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
};

/** 新增字典项 / 编辑: label, value (fixed for a built-in item), sort; a new item may start disabled. */
export function DictItemDialog({ type, editing, open, onClose, onSaved }: Props) {
  const valueFixed = editing?.builtin === true;
  return (
    <FormDialog<Values>
      open={open}
      title={editing ? `${L.items.edit}：${editing.label}` : L.items.add}
      doneText={editing ? L.items.saved : L.items.created}
      testId="dict-item-dialog"
      onClose={onClose}
      onDone={onSaved}
      schema={editing ? dictEndpoints.updateItem.request : dictEndpoints.createItem.request}
      context={editing ? { id: editing.id } : { typeId: type.id }}
      initialValues={editing ? { ...editing } : { label: '', value: '', sort: 0, enabled: true }}
      submit={async (values) => {
        const fields = { label: values.label.trim(), value: values.value.trim(), sort: values.sort ?? 0 };
        if (editing)
          await call(dictEndpoints.updateItem, { id: editing.id, ...fields }, { flags: { silent: true } });
        else
          await call(
            dictEndpoints.createItem,
            { typeId: type.id, ...fields, enabled: values.enabled },
            { flags: { silent: true } },
          );
      }}
    >
      <TextField
        name="label"
        label={L.fields.label}
        required={L.items.labelRequired}
        max={32}
        testId="dict-item-label"
      />
      {valueFixed ? (
        <Form.Item name="value" label={L.fields.value} extra={L.items.builtinValue}>
          <span data-testid="dict-item-value-fixed">{editing.value}</span>
        </Form.Item>
      ) : (
        <TextField
          name="value"
          label={L.fields.value}
          required={L.items.valueRequired}
          max={64}
          testId="dict-item-value"
          code="text"
        />
      )}
      <SortField label={L.fields.sort} max={DICT_SORT_MAX} testId="dict-item-sort" />
      {!editing && <EnabledField label={L.fields.enabled} />}
    </FormDialog>
  );
}
