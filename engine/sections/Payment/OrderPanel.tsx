import { type FormEvent, useId, useState } from 'react';
import { callApi, failureReason, fileUrl } from '../../api/client.ts';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatCheckedAt, formatLongDate } from '../../shared/dates.ts';
import { formatRupees } from '../../shared/money.ts';
import type { MyOrder } from '../../types.ts';
import styles from './Payment.module.css';

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

/**
 * One order as its payer works it: the UPI link (a button a phone opens its UPI app with; on a wide screen also
 * its QR code, which loads only there), the steps in plain words, the UTR box, then what became of it: reported,
 * refused with the team's reason, paid with its receipt, cancelled or expired. Everything it says comes from the
 * order the server answered, never from what this page assumed.
 */
export function OrderPanel({ order, onChange, onNew }: { order: MyOrder; onChange: (order: MyOrder) => void; onNew?: (() => void) | undefined }) {
  const ui = useUi();
  const words = ui.payments;
  const { settings } = useSite();
  const formId = useId();
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const amount = formatRupees(order.amount);
  const payee = settings.payments.payeeName;

  const report = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const utr = String(new FormData(event.currentTarget).get('utr') ?? '').replace(/\s+/g, '');
    setSent({ state: 'sending' });
    const result = await callApi('reportPayment', { reference: order.reference, utr });
    if (result.ok) {
      setSent({ state: 'idle' });
      onChange(result.data.order);
    } else setSent({ state: 'failed', message: failureReason(result) });
  };
  const cancel = async () => {
    setSent({ state: 'sending' });
    const result = await callApi('cancelOrder', { reference: order.reference });
    if (result.ok) {
      setSent({ state: 'idle' });
      onChange(result.data.order);
    } else setSent({ state: 'failed', message: failureReason(result) });
  };

  const open = order.status === 'awaitingPayment' || order.status === 'paymentReported';
  return (
    <div className={`card ${styles.order}`} aria-live="polite">
      <p className={styles.status}>
        <strong>{words.status[order.status]}</strong> <span className={styles.muted}>{fill(words.reference, { reference: order.reference })}</span>
      </p>
      {order.refusal ? (
        <p className="alert alert--error" role="alert">
          {fill(words.refused, { reason: order.refusal })}
        </p>
      ) : null}
      {order.upi && order.status === 'awaitingPayment' ? (
        <div className={styles.pay}>
          <div className={styles.payLink}>
            <a className="button button--accent button--block" href={order.upi}>
              {fill(words.payWithUpi, { amount })}
            </a>
            <p className={styles.muted}>{words.payWithUpiHelp}</p>
            <p className={styles.muted}>{fill(words.payee, { payee, upiId: new URL(order.upi).searchParams.get('pa') ?? '' })}</p>
          </div>
          <figure className={styles.qr}>
            <figcaption className={styles.qrTitle}>{words.qrTitle}</figcaption>
            {/* Lazy: a phone, where the code is hidden, never downloads it. */}
            <img src={fileUrl('orderQr', { reference: order.reference })} alt={fill(words.qrAlt, { amount, payee })} width={220} height={220} loading="lazy" />
          </figure>
          <ol className={styles.steps}>
            {words.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className={styles.muted}>{fill(words.payBy, { date: formatCheckedAt(order.expiresAt) })}</p>
        </div>
      ) : null}
      {open ? (
        <form className={styles.utrForm} onSubmit={report} aria-busy={sent.state === 'sending'}>
          {order.status === 'paymentReported' && order.utr ? (
            <p className="alert alert--success" role="status">
              {fill(words.reported, { utr: order.utr })}
            </p>
          ) : null}
          <label htmlFor={`${formId}-utr`} className={styles.label}>
            {words.utr}
          </label>
          <input
            id={`${formId}-utr`}
            name="utr"
            className={styles.utr}
            inputMode="numeric"
            autoComplete="off"
            required
            pattern="[0-9 ]{12,16}"
            maxLength={16}
            defaultValue={order.utr ?? ''}
            aria-describedby={`${formId}-utr-help`}
          />
          <p id={`${formId}-utr-help`} className={styles.muted}>
            {words.utrHelp}
          </p>
          {sent.state === 'failed' ? (
            <p className="alert alert--error" role="alert">
              {sent.message}
            </p>
          ) : null}
          <p className={styles.buttons}>
            <button type="submit" className="button" disabled={sent.state === 'sending'}>
              {sent.state === 'sending' ? words.reporting : words.report}
            </button>
            {order.status === 'awaitingPayment' ? (
              <button type="button" className="button button--secondary" onClick={() => void cancel()} disabled={sent.state === 'sending'}>
                {words.cancel}
              </button>
            ) : null}
          </p>
        </form>
      ) : null}
      {order.paidAt ? <p className="alert alert--success">{fill(words.paid, { date: formatLongDate(order.paidAt) })}</p> : null}
      {order.receipt ? (
        <p>
          <a href={fileUrl('receiptFile', { reference: order.reference })} download>
            {fill(words.receipt, { number: order.receipt.number })}
          </a>
        </p>
      ) : null}
      {order.status === 'cancelled' || order.status === 'expired' ? (
        <>
          <p className={styles.muted}>{order.status === 'cancelled' ? words.cancelled : words.expired}</p>
          {onNew ? (
            <button type="button" className="button" onClick={onNew}>
              {words.newOrder}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
