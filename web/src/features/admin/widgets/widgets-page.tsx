import { useState } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { PageHeader } from '../shared/page-header.tsx';
import { useListWidgetsQuery } from './api.ts';
import { WidgetAddModal } from './widget-add-modal.tsx';
import { WidgetTypeIcon } from './widget-icons.tsx';
import styles from './widgets.module.css';

/** The widgets grid: each content block with an icon for its type; Add Widget opens a dialog. */
export function WidgetsPage() {
  const { data: widgets, isLoading, error } = useListWidgetsQuery();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Widgets"
        actions={
          <button type="button" className={buttons.primary} onClick={() => setAdding(true)}>
            Add Widget
          </button>
        }
      />
      {isLoading && <Loading label="Loading widgets…" showLabel />}
      <Notice tone="error">{error ? 'The widgets could not be loaded.' : ''}</Notice>
      {widgets && (
        <ul className={admin.grid}>
          {widgets.map((widget) => (
            <li key={widget.id}>
              <Link to={`/admin/widgets/${widget.id}`} className={styles.tile} data-type={widget.type}>
                <WidgetTypeIcon type={widget.type} />
                <span className={styles.name}>{widget.name}</span>
                <span className={styles.type}>{widget.type === 'TEXT' ? 'Text' : 'Image'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {adding && <WidgetAddModal onClose={() => setAdding(false)} />}
    </>
  );
}
