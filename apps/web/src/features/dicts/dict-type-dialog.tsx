import { DICT_SORT_MAX, dictEndpoints, type DictTypeRow } from '@console/contract';
import { Form } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { EnabledField, SortField, TextAreaField, TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { DICT_LABELS } from './labels';

const L = DICT_LABELS;
type Values = { code: string; name: string; description: string; sort: number; enabled: boolean };

type Props = {
  /** The dictionary edited; null: a new one. */
  editing: DictTypeRow | null;
  open: boolean;
  onClose(): void;
  onSaved(row: DictTypeRow): void;
};

/** 新增字典 / 编辑字典: the code only when creating (the code reads it), name, description, sort, enabled. */
export function DictTypeDialog({ editing, open, onClose, onSaved }: Props) {
  return (
    <FormDialog<Values>
      open={open}
      title={editing ? L.editType : L.addType}
      doneText={editing ? L.typeSaved : L.typeCreated}
      testId="dict-type-dialog"
      onClose={onClose}
      onDone={() => undefined}
      schema={editing ? dictEndpoints.updateType.request : dictEndpoints.createType.request}
      context={editing ? { id: editing.id } : undefined}
      initialValues={
        editing ? { ...editing } : { code: '', name: '', description: '', sort: 0, enabled: true }
      }
      submit={async (values) => {
        const fields = {
          name: values.name.trim(),
          description: (values.description ?? '').trim(),
          sort: values.sort ?? 0,
          enabled: values.enabled,
        };
        const row = editing
          ? await call(dictEndpoints.updateType, { id: editing.id, ...fields }, { flags: { silent: true } })
          : await call(
              dictEndpoints.createType,
              { code: values.code.trim(), ...fields },
              { flags: { silent: true } },
            );
        onSaved(row);
      }}
    >
      {editing ? (
        <Form.Item label={L.fields.code} extra={L.codeFixed}>
          <span data-testid="dict-type-code-fixed">{editing.code}</span>
        </Form.Item>
      ) : (
        <TextField
          name="code"
          label={L.fields.code}
          required={L.codeRequired}
          max={50}
          placeholder={L.codePlaceholder}
          testId="dict-type-code"
          code="text"
        />
      )}
      <TextField
        name="name"
        label={L.fields.name}
        required={L.nameRequired}
        max={32}
        testId="dict-type-name"
      />
      <TextAreaField
        name="description"
        label={L.fields.description}
        max={200}
        rows={2}
        testId="dict-type-description"
      />
      <SortField label={L.fields.sort} max={DICT_SORT_MAX} testId="dict-type-sort" />
      <EnabledField label={L.fields.enabled} />
    </FormDialog>
  );
}
