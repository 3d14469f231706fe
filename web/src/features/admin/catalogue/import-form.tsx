import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { fieldMessages } from '../shared/errors.ts';
import { useImportCatalogueMutation, usePreviewImportMutation } from './api.ts';
import type { ImportPreview as Preview } from '../../../../../shared/api/catalogue.ts';
import { ImportPreview } from './import-preview.tsx';
import styles from './catalogue-admin.module.css';

/** Props of {@link ImportForm}. */
export interface ImportFormProps {
  /** After a successful import (the downloads start regenerating). */
  onImported: () => void;
}

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
/** Every line with its trade columns, as the import reads them (admin only, never cached). */
const STAFF_WORKBOOK_URL = '/api/admin/catalogue/workbook.xlsx';

/**
 * The staff workbook to download and edit, and the import that reads it back. An import makes the
 * catalogue match an .xlsx or .csv file, in two steps, because it can retire many lines at once:
 * Preview sends the file and shows what it would add, change and retire (one bad row and the 422
 * names each, listed here); Update the catalogue sends the same file with the preview's token,
 * which the server refuses if the file or the catalogue changed in between.
 */
export function ImportForm({ onImported }: ImportFormProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [rows, setRows] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [previewImport, previewState] = usePreviewImportMutation();
  const [importCatalogue, importState] = useImportCatalogueMutation();
  const busy = previewState.isLoading || importState.isLoading;

  const clearMessages = () => {
    setRows([]);
    setProblem('');
    setDone('');
  };
  const showFailure = (error: unknown, what: string) => {
    console.error(`Catalogue ${what} failed`, error);
    const { status } = describeError(error);
    const found = fieldMessages(error, ['rows', 'file', 'token'] as const);
    if (found.rows?.length) setRows(found.rows);
    else if (found.file?.length) setProblem(found.file.join(' '));
    else if (found.token?.length) setProblem(found.token.join(' '));
    else if (status === 413) setProblem('The file is too large (at most 10 MiB).');
    else setProblem(`The file could not be ${what === 'preview' ? 'checked' : 'imported'}. Please try again.`);
  };

  const previewFile = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    setPreview(null);
    if (!file) {
      setProblem('Choose an .xlsx or .csv file first.');
      return;
    }
    try {
      setPreview(await previewImport(file).unwrap());
    } catch (error) {
      showFailure(error, 'preview');
    }
  };

  const confirm = async () => {
    if (!file || !preview) return;
    clearMessages();
    try {
      const { imported } = await importCatalogue({ file, token: preview.token }).unwrap();
      setDone(`Imported ${imported} ${imported === 1 ? 'row' : 'rows'}`);
      setFile(null);
      setInputKey((k) => k + 1);
      onImported();
    } catch (error) {
      showFailure(error, 'import');
    }
    // Either way this preview is spent: after a refusal the admin previews again.
    setPreview(null);
  };

  return (
    <form className={admin.panel} onSubmit={previewFile} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={admin.panelTitle}>
        Import a spreadsheet
      </h2>
      <div className={styles.workbookRow}>
        <a className={buttons.secondary} href={STAFF_WORKBOOK_URL} download>
          Download staff workbook
        </a>
        <span className={admin.muted}>
          Every line with today&apos;s trade prices and stock, in the columns the import reads. Not for customers.
        </span>
      </div>
      <p className={admin.muted} id={`${id}-hint`}>
        Edit the staff workbook and import it here (an .xlsx or .csv file with the columns Code, Genus, Species, Common name, Form and
        Height (cm), like the public Excel download, works too). It <strong>makes the catalogue match the file</strong>: rows update their
        lines by Code (or, without one, by genus, species, form and height), new rows are added and lines missing from the file are retired,
        so you see what would change and confirm it first; if any row is wrong, nothing changes. Prices are in pounds with a full stop for
        pence, e.g. <code>2.50</code>; each price break has its own quantity and price columns; Stock status is In stock, Limited, Ready
        from or Out of stock; Ready from is a date such as <code>10/01/2027</code>, needed when Stock status is Ready from. A file without
        these columns keeps every line&apos;s prices.
      </p>
      <Notice tone="success">{done}</Notice>
      <Notice tone="error">{problem}</Notice>
      {rows.length > 0 && (
        <div className={styles.rowErrors} role="alert">
          <p>Nothing was imported. Fix these rows and try again:</p>
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.importRow}>
        <label className={styles.fileLabel}>
          <span>Spreadsheet file</span>
          <input
            key={inputKey}
            type="file"
            name="file"
            accept={ACCEPT}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </label>
        <button type="submit" className={preview ? buttons.secondary : buttons.primary} disabled={busy}>
          Preview import
        </button>
        {previewState.isLoading && <Loading inline showLabel label="Checking the file…" />}
      </div>
      {preview && file && (
        <>
          <ImportPreview preview={preview} fileName={file.name} />
          <div className={styles.importRow}>
            <button type="button" className={buttons.danger} onClick={() => void confirm()} disabled={busy}>
              Update the catalogue from {file.name}
            </button>
            <button type="button" className={buttons.secondary} onClick={() => setPreview(null)} disabled={busy}>
              Cancel
            </button>
            {importState.isLoading && <Loading inline showLabel label="Importing…" />}
          </div>
        </>
      )}
    </form>
  );
}
