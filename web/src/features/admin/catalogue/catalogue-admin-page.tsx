import { useEffect, useState } from 'react';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { cx } from '../../../components/cx.ts';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { availabilityText } from '../../../../../shared/trade-text.ts';
import admin from '../shared/admin.module.css';
import { PageHeader } from '../shared/page-header.tsx';
import { CATALOGUE_PAGE_SIZE, useDeleteLineMutation, useListCatalogueQuery, useListRetiredQuery, useReinstateLineMutation } from './api.ts';
import type { CatalogueLine } from '../../../../../shared/api/catalogue.ts';
import { DownloadsStatus } from './downloads-status.tsx';
import { ImportForm } from './import-form.tsx';
import { LineModal } from './line-modal.tsx';
import { priceSummary } from './trade-summary.ts';
import styles from './catalogue-admin.module.css';

/** Typing pauses this long before the list searches. */
const SEARCH_DELAY_MS = 300;

/**
 * /admin/catalogue: search and page through the rows, add, edit, retire, import; the downloads'
 * state. Rows are retired, never deleted (buyers' lists and quotes name them): the "Retired rows"
 * view lists them and brings one back.
 */
export function CatalogueAdminPage() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [showRetired, setShowRetired] = useState(false);
  const [changedAt, setChangedAt] = useState<number | null>(null);
  const [modal, setModal] = useState<{ line?: CatalogueLine } | null>(null);
  const [problem, setProblem] = useState('');
  const current = useListCatalogueQuery({ q, page }, { skip: showRetired });
  const retired = useListRetiredQuery({ q, page }, { skip: !showRetired });
  const { data, isLoading, isFetching, error } = showRetired ? retired : current;
  const [deleteLine] = useDeleteLineMutation();
  const [reinstateLine] = useReinstateLineMutation();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const changed = () => setChangedAt(Date.now());
  const remove = async (line: CatalogueLine) => {
    setProblem('');
    try {
      await deleteLine(line.id).unwrap();
      changed();
    } catch (failure) {
      console.error('Catalogue retire failed', failure);
      setProblem('The row could not be retired. Please try again.');
    }
  };
  const reinstate = async (line: CatalogueLine) => {
    setProblem('');
    try {
      await reinstateLine(line.id).unwrap();
      changed();
    } catch (failure) {
      console.error('Catalogue reinstate failed', failure);
      setProblem('The row could not be reinstated. Please try again.');
    }
  };
  const name = (line: CatalogueLine) => `${line.code} ${line.genus} ${line.species} ${line.form} ${line.height}`;

  return (
    <>
      <PageHeader
        title="Catalogue"
        actions={
          <button type="button" className={buttons.primary} onClick={() => setModal({})}>
            Add Row
          </button>
        }
      />
      <DownloadsStatus changedAt={changedAt} />
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <span>Search the catalogue</span>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Genus, species or common name" />
        </label>
        <label className={styles.filter}>
          <span>Show</span>
          <select
            value={showRetired ? 'retired' : 'current'}
            onChange={(e) => {
              setShowRetired(e.target.value === 'retired');
              setPage(0);
            }}
          >
            <option value="current">Rows in the catalogue</option>
            <option value="retired">Retired rows</option>
          </select>
        </label>
        {data && (
          <p className={admin.muted} aria-live="polite">
            {data.total} {showRetired ? 'retired ' : ''}
            {data.total === 1 ? 'row' : 'rows'}
            {q && ` matching “${q}”`}
          </p>
        )}
      </div>
      <Notice tone="error">{problem || (error ? 'The catalogue could not be loaded.' : '')}</Notice>
      {isLoading && <Loading label="Loading the catalogue…" showLabel />}
      {data && (
        <div className={cx(admin.tableWrap, styles.list)} aria-busy={isFetching}>
          <table className={admin.table}>
            <caption className="visually-hidden">
              {showRetired ? 'Retired rows' : 'Catalogue rows'}, page {page + 1}
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Genus</th>
                <th scope="col">Species</th>
                <th scope="col">Common name</th>
                <th scope="col">Form</th>
                <th scope="col">Height (cm)</th>
                <th scope="col">Price</th>
                <th scope="col">Availability</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((line) => (
                <tr key={line.id}>
                  <td className={styles.code}>{line.code}</td>
                  <td>{line.genus}</td>
                  <td>{line.species}</td>
                  <td>{line.common_name}</td>
                  <td>{line.form}</td>
                  <td>{line.height}</td>
                  <td className={styles.tradeCell}>{priceSummary(line.trade)}</td>
                  <td className={styles.tradeCell}>{line.trade ? availabilityText(line.trade) : ''}</td>
                  <td>
                    <div className={admin.rowActions}>
                      {showRetired ? (
                        <button type="button" className={cx(buttons.secondary, admin.small)} onClick={() => void reinstate(line)}>
                          Reinstate<span className="visually-hidden">: {name(line)}</span>
                        </button>
                      ) : (
                        <>
                          <button type="button" className={cx(buttons.secondary, admin.small)} onClick={() => setModal({ line })}>
                            Edit<span className="visually-hidden">: {name(line)}</span>
                          </button>
                          <ConfirmButton
                            className={cx(buttons.danger, admin.small)}
                            onConfirm={() => void remove(line)}
                            question={`Retire the row ${line.code} ${line.genus} ${line.species} (${line.form}, ${line.height})? It leaves the catalogue but stays on buyers' plant lists and quotes.`}
                          >
                            Retire<span className="visually-hidden">: {name(line)}</span>
                          </ConfirmButton>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
              {!data.results.length && (
                <tr>
                  <td colSpan={9}>{showRetired ? 'No retired rows.' : 'No rows found.'}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} total={data.total} limit={CATALOGUE_PAGE_SIZE} onPageChange={setPage} label="Catalogue pages" />}
      <ImportForm onImported={changed} />
      {modal && <LineModal line={modal.line} onClose={() => setModal(null)} onSaved={changed} />}
    </>
  );
}
