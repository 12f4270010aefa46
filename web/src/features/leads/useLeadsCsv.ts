import { useCallback, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { readFileText, saveAsFile } from '../../shared/files';
import { useFeedback } from '../../theme/Feedback';
import { LEAD_ERRORS, useExportLeadsMutation, useImportLeadsMutation, type LeadImportResult } from './leadsApi';

export type ImportOutcome =
  { kind: 'done'; fileName: string; result: LeadImportResult } | { kind: 'failed'; fileName: string; message: string };

/**
 * Export downloads GET /leads/export.csv (fetched with the token, so not a plain link) as
 * leads.csv. Import sends a picked file's text as text/csv; the outcome is shown in a modal.
 */
export function useLeadsCsv() {
  const { message } = useFeedback();
  const [exportLeads, { isLoading: exporting, reset: resetExport }] = useExportLeadsMutation();
  const [importLeads, { isLoading: importing, reset: resetImport }] = useImportLeadsMutation();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const exportCsv = useCallback(async () => {
    try {
      const csv = await exportLeads().unwrap();
      saveAsFile(csv, 'leads.csv', 'text/csv;charset=utf-8');
    } catch {
      // shown by the API error listener
    } finally {
      resetExport();
    }
  }, [exportLeads, resetExport]);

  const importCsv = useCallback(
    async (file: File) => {
      let text: string;
      try {
        text = await readFileText(file);
      } catch {
        message.error(`${file.name} could not be read`);
        return;
      }
      try {
        const result = await importLeads(text).unwrap();
        setOutcome({ kind: 'done', fileName: file.name, result });
      } catch (error) {
        setOutcome({ kind: 'failed', fileName: file.name, message: errorMessage(error, LEAD_ERRORS.import) });
      } finally {
        resetImport();
      }
    },
    [importLeads, resetImport, message],
  );

  return {
    exportCsv,
    exporting,
    importCsv,
    importing,
    outcome,
    closeOutcome: useCallback(() => setOutcome(null), []),
  };
}
