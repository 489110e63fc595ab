import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportRejection, ImportResult } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { IMPORT_MAX_BYTES, authOpenApi, saveBlob } from './auth-open-api';
import { importErrorRows, uploadProblem } from './import-errors';
import { AUTH_OPEN_LABELS } from './labels';

const L = AUTH_OPEN_LABELS.importCard;

type Outcome = { result: ImportResult } | { message: string; rejection: ImportRejection | null } | null;

/** Template download, upload with progress, and the row errors of a rejected file. */
export function BatchImportCard({ onImported }: { onImported: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const template = useMutation({
    mutationFn: authOpenApi.template,
    onSuccess: (blob) => saveBlob(blob, L.templateName),
  });

  const upload = async (file: File) => {
    const problem = uploadProblem(file, IMPORT_MAX_BYTES);
    if (problem) {
      notify.error(problem);
      return;
    }
    setOutcome(null);
    setProgress(0);
    const answer = await authOpenApi.upload(file, setProgress);
    setProgress(null);
    if (answer.ok) {
      setOutcome({ result: answer.result });
      notify.success(L.done(answer.result));
      onImported();
    } else {
      setOutcome({ message: answer.message, rejection: answer.rejection });
    }
  };

  return (
    <Card title={L.title} data-testid="auth-open-import">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{L.hint}</Typography.Text>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
            {L.download}
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            maxCount={1}
            disabled={progress !== null}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={progress !== null}
              data-testid="auth-open-upload"
            >
              {progress !== null ? L.uploading : L.upload}
            </Button>
          </Upload>
        </Flex>
        {progress !== null && <Progress percent={progress} size="small" />}
        {outcome && 'result' in outcome && (
          <Alert
            type="success"
            showIcon
            message={L.done(outcome.result)}
            description={
              outcome.result.alreadyAuthorised || outcome.result.alreadyPending
                ? L.skipped(outcome.result)
                : undefined
            }
          />
        )}
        {outcome && 'message' in outcome && (
          <ImportFailure message={outcome.message} rejection={outcome.rejection} />
        )}
      </Flex>
    </Card>
  );
}

function ImportFailure({ message, rejection }: { message: string; rejection: ImportRejection | null }) {
  if (!rejection?.errors.length) return <Alert type="error" showIcon message={message} />;
  const rows = importErrorRows(rejection.errors);
  return (
    <Flex vertical gap={8} data-testid="auth-open-import-errors">
      <Alert
        type="error"
        showIcon
        message={L.errorsTitle}
        description={
          rejection.errorCount > rows.length ? L.moreErrors(rows.length, rejection.errorCount) : message
        }
      />
      <Table
        size="small"
        rowKey="key"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 480 }}
        columns={[
          { title: L.columns.row, dataIndex: 'rowText', width: 90 },
          { title: L.columns.field, dataIndex: 'fieldText', width: 100 },
          { title: L.columns.message, dataIndex: 'message' },
        ]}
      />
    </Flex>
  );
}
