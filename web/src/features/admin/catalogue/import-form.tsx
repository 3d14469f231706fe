import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError } from '../../../app/api-errors.ts';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { fieldMessages } from '../shared/errors.ts';
import { useImportCatalogueMutation } from './api.ts';
import styles from './catalogue-admin.module.css';

/** Props of {@link ImportForm}. */
export interface ImportFormProps {
  /** After a successful import (the downloads start regenerating). */
  onImported: () => void;
}

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Import the whole catalogue from an .xlsx or .csv file. The server checks every row first: one
 * bad row and nothing changes, and the 422 names each bad row, which are listed here.
 */
export function ImportForm({ onImported }: ImportFormProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [rows, setRows] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [importCatalogue, { isLoading }] = useImportCatalogueMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRows([]);
    setProblem('');
    setDone('');
    if (!file) {
      setProblem('Choose an .xlsx or .csv file first.');
      return;
    }
    try {
      const { imported } = await importCatalogue(file).unwrap();
      setDone(`Imported ${imported} ${imported === 1 ? 'row' : 'rows'}`);
      setFile(null);
      setInputKey((k) => k + 1);
      onImported();
    } catch (error) {
      console.error('Catalogue import failed', error);
      const { status } = describeError(error);
      const found = fieldMessages(error, ['rows', 'file'] as const);
      if (found.rows?.length) setRows(found.rows);
      else if (found.file?.length) setProblem(found.file.join(' '));
      else if (status === 413) setProblem('The file is too large (at most 10 MiB).');
      else setProblem('The file could not be imported. Please try again.');
    }
  };

  return (
    <form className={admin.panel} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={admin.panelTitle}>
        Import a spreadsheet
      </h2>
      <p className={admin.muted} id={`${id}-hint`}>
        An .xlsx or .csv file with the columns Genus, Species, Common name, Form and Height (cm), like the Excel download. It
        <strong> replaces the whole catalogue</strong>; if any row is wrong, nothing changes.
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
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Import
        </button>
        {isLoading && <Loading inline showLabel label="Importing…" />}
      </div>
    </form>
  );
}
