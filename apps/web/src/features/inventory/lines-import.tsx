import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  INVENTORY_IO_PATHS,
  REQUEST_GOODS_IMPORT_MAX_BYTES,
  type RequestGoodsImportRejection,
  type RequestGoodsImportResult,
  type RequestGoodsImportRowError,
} from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../lib/http';
import { uploadFile } from '../../lib/http/upload-file';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import type { RemoteOption } from '../../components/remote-select';
import { INVENTORY_LABELS } from './labels';

const L = INVENTORY_LABELS.requestGoods.lineImport;
export type ImportedLine = RequestGoodsImportResult['lines'][number];

/** A SKU as a choice of the catalogue select: code, name and spec. */
export const skuOptionOf = (
  sku: Pick<RequestGoodsImportResult['lines'][number], 'skuId' | 'skuCode' | 'skuName' | 'spec'>,
): RemoteOption => ({ value: sku.skuId, label: `${sku.skuCode} ${sku.skuName} ${sku.spec}`.trim() });

type ErrorRow = RequestGoodsImportRowError & { key: string; rowText: string; fieldText: string };

/** Client-side check before uploading, so an obviously wrong file never leaves the browser. */
export function lineFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return L.onlyXlsx;
  if (file.size > REQUEST_GOODS_IMPORT_MAX_BYTES) return L.tooLarge;
  return null;
}

/** The `data` of a 422 answer as the table shows it, by row; null when the body is anything else. */
export function lineErrorsOf(body: unknown): { rows: ErrorRow[]; errorCount: number } | null {
  const data = (body as { data?: Partial<RequestGoodsImportRejection> } | null)?.data;
  if (!data || !Array.isArray(data.errors)) return null;
  const rows = data.errors
    .filter((e) => typeof e?.row === 'number' && typeof e.message === 'string' && e.field in L.fields)
    .map((e, index) => ({
      ...e,
      key: `${e.row}-${e.field}-${index}`,
      rowText: e.row > 0 ? L.rowNumber(e.row) : L.wholeFile,
      fieldText: L.fields[e.field],
    }));
  return { rows, errorCount: typeof data.errorCount === 'number' ? data.errorCount : rows.length };
}

type Outcome =
  { lines: number } | { message: string; errors: { rows: ErrorRow[]; errorCount: number } | null } | null;

/**
 * 要货明细 from Excel inside the apply dialog (within its form): the template, the upload, and either the lines,
 * which replace the dialog's `lines` (the clerk checks them and submits; `onImported` learns their names for the
 * selects) or every bad row of the file with its reason (nothing is taken from a file with any bad row).
 */
export function LinesImport({ onImported }: { onImported(lines: ImportedLine[]): void }) {
  const form = Form.useFormInstance<{ lines: { skuId: number; quantity: number }[] }>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const template = useMutation({
    mutationFn: () => http.get<Blob>(INVENTORY_IO_PATHS.requestGoodsImportTemplate, { responseType: 'blob' }),
    onSuccess: (blob) => saveBlob(blob, L.templateName),
  });

  const upload = async (file: File) => {
    const problem = lineFileProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    setOutcome(null);
    const answer = await uploadFile<RequestGoodsImportResult>(INVENTORY_IO_PATHS.requestGoodsImport, file);
    setBusy(false);
    if (answer.ok) {
      onImported(answer.data.lines);
      form.setFieldValue(
        'lines',
        answer.data.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
      );
      setOutcome({ lines: answer.data.lines.length });
    } else {
      setOutcome({ message: answer.message, errors: lineErrorsOf(answer.body) });
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="request-goods-import">
      <Typography.Text type="secondary">{L.hint}</Typography.Text>
      <Flex gap={8} wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={template.isPending}
          onClick={() => template.mutate()}
          data-testid="request-goods-template"
        >
          {L.template}
        </Button>
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          maxCount={1}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="request-goods-upload">
            {busy ? L.uploading : L.upload}
          </Button>
        </Upload>
      </Flex>
      {outcome && 'lines' in outcome ? (
        <Alert type="success" showIcon title={L.done(outcome.lines)} data-testid="request-goods-imported" />
      ) : null}
      {outcome && 'message' in outcome ? <ImportFailure {...outcome} /> : null}
    </Flex>
  );
}

function ImportFailure({
  message,
  errors,
}: {
  message: string;
  errors: { rows: ErrorRow[]; errorCount: number } | null;
}) {
  if (!errors?.rows.length)
    return <Alert type="error" showIcon title={message} data-testid="request-goods-import-error" />;
  return (
    <Flex vertical gap={8} data-testid="request-goods-import-errors">
      <Alert
        type="error"
        showIcon
        title={L.errorsTitle}
        description={
          errors.errorCount > errors.rows.length
            ? L.moreErrors(errors.rows.length, errors.errorCount)
            : message
        }
      />
      <Table
        size="small"
        rowKey="key"
        dataSource={errors.rows}
        pagination={errors.rows.length > 5 ? { pageSize: 5, showSizeChanger: false } : false}
        columns={[
          { title: L.row, dataIndex: 'rowText', width: 72 },
          { title: L.field, dataIndex: 'fieldText', width: 84 },
          { title: L.message, dataIndex: 'message' },
        ]}
      />
    </Flex>
  );
}
