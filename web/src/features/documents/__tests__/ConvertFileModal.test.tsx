import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { employeeUser } from '../../../test/factories';
import { deferredReply } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { documentsBackend } from './documentsBackend';

const employee = employeeUser();
const PDF = '%PDF-1.7 converted';

/** Files handed to the browser as downloads (saveAsFile: an object URL and a link's click). */
function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  let lastBlob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:converted';
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
  return saved;
}

async function openConvert() {
  const view = renderApp({ path: '/documents', signedInAs: employee });
  await screen.findByRole('heading', { name: 'Document Center' });
  await view.user.click(screen.getByRole('button', { name: /Convert Files/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Convert File')).toBeInTheDocument();
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...view, dialog: within(dialog), input };
}

const convertButton = (dialog: ReturnType<typeof within>) => dialog.getByRole('button', { name: /Convert to PDF/ });

describe('Convert File', () => {
  it('takes only .docx, .xlsx, .html and .txt, and stays disabled until a file is chosen', async () => {
    documentsBackend(employee);
    const { dialog, input } = await openConvert();

    expect(input).toHaveAttribute('accept', '.docx,.xlsx,.html,.txt');
    expect(convertButton(dialog)).toBeDisabled();
    expect(dialog.getByText('.docx, .xlsx, .html, .txt')).toBeInTheDocument();
  });

  it('defaults the title to the file name up to its first dot, converts, and downloads converted_<title>.pdf', async () => {
    const backend = documentsBackend(employee);
    const reply = deferredReply();
    backend.api.use({ 'POST /api/documents/convert': reply.handler });
    const saved = captureDownloads();
    const { dialog, input, user } = await openConvert();

    await user.upload(input, new File(['Quarterly numbers'], 'Q3 report.final.docx'));

    expect(dialog.getByLabelText('Document title')).toHaveValue('Q3 report');
    expect(dialog.getByText('converted_Q3 report.pdf')).toBeInTheDocument();
    await waitFor(() => expect(convertButton(dialog)).toBeEnabled());
    await user.click(convertButton(dialog));

    // Progress while the server converts.
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent('Converting Q3 report.final.docx to PDF'));
    reply.release({ body: { converted_content: btoa(PDF), target_format: 'pdf' } });

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('converted_Q3 report.pdf');
    expect(saved[0].blob.type).toBe('application/pdf');
    expect(await saved[0].blob.text()).toBe(PDF);
    expect(backend.api.callsTo('POST /api/documents/convert')[0].body).toEqual({
      file_content: btoa('Quarterly numbers'),
      source_format: 'docx',
      target_format: 'pdf',
      document_title: 'Q3 report',
    });
    expect(await screen.findByText(/was converted: converted_Q3 report.pdf/)).toBeInTheDocument();
  });

  it('uses the title typed over the default for the download', async () => {
    const backend = documentsBackend(employee);
    backend.api.use({
      'POST /api/documents/convert': { body: { converted_content: btoa(PDF), target_format: 'pdf' } },
    });
    const saved = captureDownloads();
    const { dialog, input, user } = await openConvert();

    await user.upload(input, new File(['<h1>Hi</h1>'], 'page.html', { type: 'text/html' }));
    await user.clear(dialog.getByLabelText('Document title'));
    await user.type(dialog.getByLabelText('Document title'), 'Welcome page');
    await user.click(convertButton(dialog));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('converted_Welcome page.pdf');
    expect(backend.api.callsTo('POST /api/documents/convert')[0].body).toMatchObject({
      source_format: 'html',
      document_title: 'Welcome page',
    });
  });

  it.each([
    [413, 'The file is larger than 10 MB'],
    [400, 'The file is not a valid .xlsx workbook'],
    [504, 'The conversion took longer than 30 seconds'],
    [503, 'The converter is not available right now'],
  ])("shows the server's detail on a %s", async (status, detail) => {
    const backend = documentsBackend(employee);
    backend.api.use({ 'POST /api/documents/convert': { status, body: { detail } } });
    const saved = captureDownloads();
    const { dialog, input, user } = await openConvert();

    await user.upload(input, new File(['x'], 'book.xlsx'));
    await user.click(convertButton(dialog));

    expect(await dialog.findByText(detail)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    // Still open, ready to try again.
    expect(convertButton(dialog)).toBeEnabled();
  });

  it('refuses a file of another type', async () => {
    documentsBackend(employee);
    const { dialog, input } = await openConvert();
    const user = userEvent.setup({ delay: null, applyAccept: false });

    await user.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));

    expect(
      await dialog.findByText(/scan.pdf: Only .docx, .xlsx, .html, .txt files can be converted/),
    ).toBeInTheDocument();
    expect(convertButton(dialog)).toBeDisabled();
  });
});
