import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { describeError, firstFieldErrors } from '../../../lib/api/errors.ts';
import type { FieldErrors } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from '../../../../../shared/catalogue.ts';
import { useCreateLineMutation, useUpdateLineMutation } from './api.ts';
import type { CatalogueLine, CatalogueTrade } from '../../../../../shared/api/catalogue.ts';
import type { CatalogueLineInput } from './api.ts';
import { draftOf, hasTradeErrors, tradeErrorsOf, tradeRequest, type TradeErrors } from './trade-draft.ts';
import { TradeFieldset } from './trade-fieldset.tsx';

const FIELDS = ['code', 'genus', 'species', 'common_name', 'form', 'height'] as const;
type Field = (typeof FIELDS)[number];

/** Props of {@link LineModal}. */
export interface LineModalProps {
  /** The row to edit; absent to add one. */
  line?: CatalogueLine;
  onClose: () => void;
  /** After a successful save (the downloads start regenerating). */
  onSaved: () => void;
}

/** The row's own fields; the trade fields have a draft of their own (trade-draft.ts). */
type LineValues = Omit<CatalogueLineInput, keyof CatalogueTrade>;

/**
 * Add or edit one catalogue row; form and height come from the fixed lists. Its trade fields are
 * sent back in full each time, so saving without a change sends what the row already has.
 */
export function LineModal({ line, onClose, onSaved }: LineModalProps) {
  const [values, setValues] = useState<LineValues>({
    code: line?.code ?? '',
    genus: line?.genus ?? '',
    species: line?.species ?? '',
    common_name: line?.common_name ?? '',
    form: line?.form ?? CATALOGUE_FORMS[0],
    height: line?.height ?? CATALOGUE_HEIGHTS[0],
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [trade, setTrade] = useState(() => draftOf(line?.trade));
  const [tradeErrors, setTradeErrors] = useState<TradeErrors>({});
  const [problem, setProblem] = useState('');
  const [createLine, created] = useCreateLineMutation();
  const [updateLine, updated] = useUpdateLineMutation();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const request = tradeRequest(trade);
    if ('errors' in request) {
      setErrors({});
      setTradeErrors(request.errors);
      return;
    }
    const body: CatalogueLineInput = { ...values, ...request.body };
    try {
      if (line) await updateLine({ ...body, id: line.id }).unwrap();
      else await createLine(body).unwrap();
      onSaved();
      onClose();
    } catch (error) {
      console.error('Catalogue row save failed', error);
      const { status, body: answer } = describeError(error);
      const found = status === 422 ? firstFieldErrors(answer, FIELDS) : {};
      const foundTrade =
        status === 422 && typeof answer.errors === 'object' && answer.errors
          ? tradeErrorsOf(answer.errors as Record<string, unknown>, request.breakRows)
          : {};
      setErrors(found);
      setTradeErrors(foundTrade);
      if (!Object.keys(found).length && !hasTradeErrors(foundTrade)) setProblem('The row could not be saved. Please try again.');
    }
  };

  const formId = line ? `line-edit-${line.id}` : 'line-add';
  return (
    <Modal
      title={line ? 'Edit Row' : 'Add Row'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttons.primary} disabled={created.isLoading || updated.isLoading}>
            {line ? 'Save Row' : 'Add Row'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Notice tone="error">{problem}</Notice>
        <div className={admin.twoCols}>
          <FormField label="Genus" error={errors.genus} required>
            {(control) => <input {...control} name="genus" required value={values.genus} onChange={change('genus')} data-autofocus />}
          </FormField>
          <FormField label="Species" error={errors.species} required>
            {(control) => <input {...control} name="species" required value={values.species} onChange={change('species')} />}
          </FormField>
        </div>
        <FormField
          label="Product code"
          error={errors.code}
          hint={line ? undefined : 'Leave blank for the next free code of this plant, e.g. ACECAM-BR-6090.'}
        >
          {(control) => (
            <input {...control} name="code" value={values.code} onChange={change('code')} autoCapitalize="characters" spellCheck={false} />
          )}
        </FormField>
        <FormField label="Common name" error={errors.common_name}>
          {(control) => <input {...control} name="common_name" value={values.common_name} onChange={change('common_name')} />}
        </FormField>
        <div className={admin.twoCols}>
          <FormField label="Form" error={errors.form} required>
            {(control) => (
              <select {...control} name="form" value={values.form} onChange={change('form')}>
                {CATALOGUE_FORMS.map((form) => (
                  <option key={form}>{form}</option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Height (cm)" error={errors.height} required>
            {(control) => (
              <select {...control} name="height" value={values.height} onChange={change('height')}>
                {CATALOGUE_HEIGHTS.map((height) => (
                  <option key={height}>{height}</option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <TradeFieldset draft={trade} errors={tradeErrors} onChange={setTrade} />
      </form>
    </Modal>
  );
}
