import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { formatDateTime } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import { useDeleteEnquiryMutation, useGetEnquiryQuery, useSetHandledMutation } from './api.ts';
import type { Enquiry } from '../../../../../shared/api/enquiries.ts';
import { deliveryText } from './delivery.ts';
import styles from './enquiries.module.css';

/** /admin/enquiries/{id}: one enquiry in full; mark it handled or not, or delete it. */
export function EnquiryPage() {
  const id = Number(useParams().id);
  const { data: enquiry, isLoading, error } = useGetEnquiryQuery(id, { skip: !Number.isInteger(id) });
  const goBack = useGoBack('/admin/enquiries');

  return (
    <>
      <PageHeader
        title={enquiry ? `Enquiry from ${enquiry.name}` : 'Enquiry'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading enquiry…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such enquiry.' : 'The enquiry could not be loaded.') : ''}
      </Notice>
      {enquiry && <EnquiryDetails enquiry={enquiry} />}
    </>
  );
}

function EnquiryDetails({ enquiry }: { enquiry: Enquiry }) {
  const [setHandled, { isLoading: saving }] = useSetHandledMutation();
  const [deleteEnquiry] = useDeleteEnquiryMutation();
  const [problem, setProblem] = useState('');
  const navigate = useNavigate();
  const handled = Boolean(enquiry.handled_at);

  const toggle = async () => {
    setProblem('');
    try {
      await setHandled({ id: enquiry.id, handled: !handled }).unwrap();
    } catch (error) {
      console.error('Enquiry update failed', error);
      setProblem('The enquiry could not be updated. Please try again.');
    }
  };
  const remove = async () => {
    try {
      await deleteEnquiry(enquiry.id).unwrap();
      navigate('/admin/enquiries');
    } catch (error) {
      console.error('Enquiry delete failed', error);
      setProblem('The enquiry could not be deleted. Please try again.');
    }
  };

  return (
    <article className={`${admin.panel} ${styles.details}`}>
      <Notice tone="error">{problem}</Notice>
      <dl className={styles.fields}>
        <dt>Received</dt>
        <dd>{formatDateTime(enquiry.created_at)}</dd>
        <dt>Name</dt>
        <dd>{enquiry.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
        </dd>
        <dt>Telephone</dt>
        <dd>
          <a href={`tel:${enquiry.telephone.replace(/[^\d+]/g, '')}`}>{enquiry.telephone}</a>
        </dd>
        <dt>Email to the office</dt>
        <dd>{deliveryText(enquiry.emailed_at)}</dd>
        <dt>Status</dt>
        <dd>{handled ? `Handled ${formatDateTime(enquiry.handled_at)}` : 'Not handled yet'}</dd>
      </dl>
      <h2 className={admin.panelTitle}>Message</h2>
      <p className={styles.message}>{enquiry.message}</p>
      <div className={admin.formActions}>
        <button type="button" className={handled ? buttons.secondary : buttons.primary} onClick={toggle} disabled={saving}>
          {handled ? 'Mark as not handled' : 'Mark as handled'}
        </button>
        <ConfirmButton onConfirm={remove} question={`Delete the enquiry from ${enquiry.name}?`}>
          Delete Enquiry
        </ConfirmButton>
      </div>
    </article>
  );
}
