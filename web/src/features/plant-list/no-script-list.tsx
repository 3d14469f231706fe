import { Link } from 'react-router-dom';
import { Notice } from '../../components/notice.tsx';
import { lineName } from './add-to-list.tsx';
import { plantListApi } from './api.ts';
import styles from './no-script-list.module.css';
import page from './page.module.css';

/**
 * The plant list for a browser without JavaScript, rendered by the server inside the page's
 * <noscript> (so a browser running the app never shows it, and hydration never compares it). The
 * server read the signed-in buyer's list for this request (src/ssr/personal-resolver.ts): it is
 * shown to read; a guest is told what a list needs. Changing it needs the app, so it says how to
 * ask for a quote without it.
 */
export function NoScriptPlantList() {
  const { data, error } = plantListApi.endpoints.getPlantList.useQueryState(true);
  if (error && 'status' in error && error.status === 401) {
    return (
      <p className={page.lead}>
        Without JavaScript, a plant list is kept with your account: <Link to="/login">log in</Link> or{' '}
        <Link to="/register">create an account</Link> to see yours here. Adding plants to it needs JavaScript; you can still{' '}
        <Link to="/catalogue">search the catalogue</Link> and <Link to="/contact">send us your list</Link>.
      </p>
    );
  }
  if (!data) return <Notice tone="error">Your plant list could not be loaded; please reload the page.</Notice>;
  return (
    <>
      <p className={page.lead}>
        {data.count} {data.count === 1 ? 'line' : 'lines'}. Your list is kept with your account. Changing it and requesting a quote need
        JavaScript; without it, <Link to="/contact">send us your list</Link> or call us.
      </p>
      {data.lines.length > 0 && (
        <table className={styles.table}>
          <caption className="visually-hidden">Lines on your plant list</caption>
          <thead>
            <tr>
              <th scope="col">Plant</th>
              <th scope="col">Code</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => {
              const row = line.current ?? line.snapshot;
              return (
                <tr key={line.id}>
                  <th scope="row">
                    {lineName(row)}
                    {!line.available && <span className={styles.gone}> — no longer available</span>}
                  </th>
                  <td>{row.code}</td>
                  <td>{line.quantity.toLocaleString('en-GB')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
