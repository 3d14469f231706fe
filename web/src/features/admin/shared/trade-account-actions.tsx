import { useState } from 'react';
import type { FormEvent } from 'react';
import { describeError, firstFieldErrors } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { AdminTradeApplication, TradeAccountAction, TradeApplicationStatus } from '../../../../../shared/api/trade.ts';
import admin from './admin.module.css';
import { errorMessage } from './errors.ts';
import { useActOnTradeAccountMutation } from './trade-account-api.ts';

/** What each action is called, asks, and whether the buyer must be given a reason (the server's rule too). */
const ACTIONS: Record<
  TradeAccountAction,
  { label: string; question: (company: string) => string; detail: string; reasonRequired: boolean }
> = {
  suspend: {
    label: 'Suspend',
    question: (company) => `Suspend the trade account of ${company}?`,
    detail: 'Their trade prices and price list go at their next page load until the account is reinstated. The reason is emailed to them.',
    reasonRequired: true,
  },
  reinstate: {
    label: 'Reinstate',
    question: (company) => `Reinstate the trade account of ${company}?`,
    detail: 'They see trade prices again at their next page load, and are emailed.',
    reasonRequired: false,
  },
  revoke: {
    label: 'Revoke',
    question: (company) => `Revoke the trade account of ${company}?`,
    detail:
      'The account is closed: their trade prices go at their next page load, and they may apply again. The reason is emailed to them.',
    reasonRequired: true,
  },
};

/** Which actions an account in each status offers (pending and closed accounts have none here). */
const AVAILABLE: Partial<Record<TradeApplicationStatus, TradeAccountAction[]>> = {
  approved: ['suspend', 'revoke'],
  suspended: ['reinstate', 'revoke'],
};

/** The confirmation of one action: a reason for the buyer, the server's refusal shown in place. */
function ActionDialog({
  account,
  action,
  onClose,
  onDone,
}: {
  account: AdminTradeApplication;
  action: TradeAccountAction;
  onClose: () => void;
  onDone?: () => void;
}) {
  const rule = ACTIONS[action];
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState('');
  const [act, { isLoading }] = useActOnTradeAccountMutation();
  const formId = `trade-${action}-${account.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setFieldError(undefined);
    try {
      await act({ id: account.id, userId: account.user.id, action, reason }).unwrap();
      onClose();
      onDone?.();
    } catch (error) {
      const { status, body } = describeError(error);
      const { reason: reasonError } = status === 422 ? firstFieldErrors(body, ['reason'] as const) : {};
      if (reasonError) setFieldError(reasonError);
      else setProblem(errorMessage(error, 'The change could not be saved. Please try again.'));
    }
  };

  return (
    <Modal
      title={rule.question(account.company_name)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={action === 'reinstate' ? buttons.primary : buttons.danger} disabled={isLoading}>
            {rule.label}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p>{rule.detail}</p>
        <Notice tone="error">{problem}</Notice>
        <FormField
          label={rule.reasonRequired ? 'Reason for the buyer' : 'Note for the buyer (optional)'}
          error={fieldError}
          required={rule.reasonRequired}
        >
          {(control) => (
            <textarea
              {...control}
              name="reason"
              rows={3}
              maxLength={1000}
              required={rule.reasonRequired}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setFieldError(undefined);
              }}
              data-autofocus
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}

/**
 * Suspend / Reinstate / Revoke for a decided trade account, as its status allows; each asks in a
 * dialog, with the reason mailed to the buyer. Renders nothing for an account with no action.
 * `onDone` runs after a change is saved (a list that is not cached by tag refetches).
 */
export function TradeAccountActions({ account, onDone }: { account: AdminTradeApplication; onDone?: () => void }) {
  const [open, setOpen] = useState<TradeAccountAction>();
  const actions = AVAILABLE[account.status] ?? [];
  if (!actions.length) return null;
  return (
    <div className={admin.rowActions}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'reinstate' ? buttons.primary : buttons.secondary}
          onClick={() => setOpen(action)}
        >
          {ACTIONS[action].label} <span className="visually-hidden">the trade account of {account.company_name}</span>
        </button>
      ))}
      {open && <ActionDialog account={account} action={open} onClose={() => setOpen(undefined)} onDone={onDone} />}
    </div>
  );
}
