import { Alert, Button, Modal, Table, Typography } from 'antd';
import type { ImportOutcome } from './useLeadsCsv';

interface ImportResultModalProps {
  outcome: ImportOutcome | null;
  onClose: () => void;
}

/** What an import did: all rows or none, so one rejected row means nothing was imported. */
export function ImportResultModal({ outcome, onClose }: ImportResultModalProps) {
  const rejected = outcome?.kind === 'done' ? outcome.result.rejected : [];
  return (
    <Modal
      open={outcome !== null}
      title="Import Leads"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {outcome?.kind === 'failed' ? (
        <Alert type="error" showIcon title={`${outcome.fileName} was not imported`} description={outcome.message} />
      ) : null}
      {outcome?.kind === 'done' && rejected.length === 0 ? (
        <Alert
          type="success"
          showIcon
          title={`Imported ${outcome.result.imported} ${outcome.result.imported === 1 ? 'lead' : 'leads'} from ${outcome.fileName}.`}
        />
      ) : null}
      {outcome?.kind === 'done' && rejected.length > 0 ? (
        <>
          <Alert
            type="error"
            showIcon
            title="Nothing was imported"
            description={`${rejected.length} ${rejected.length === 1 ? 'row was' : 'rows were'} rejected. An import takes all rows or none: correct these rows and import the file again.`}
            style={{ marginBottom: 16 }}
          />
          <Typography.Text type="secondary">Row numbers count the header line as row 1.</Typography.Text>
          <Table
            size="small"
            rowKey={(problem) => `${problem.row}:${problem.reason}`}
            dataSource={rejected}
            pagination={rejected.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: 'Row', dataIndex: 'row', key: 'row', width: 80 },
              { title: 'Reason', dataIndex: 'reason', key: 'reason' },
            ]}
            style={{ marginTop: 8 }}
          />
        </>
      ) : null}
    </Modal>
  );
}
