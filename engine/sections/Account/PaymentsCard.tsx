import { useEffect, useState } from 'react';
import { callApi, fileUrl } from '../../api/client.ts';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatCheckedAt } from '../../shared/dates.ts';
import { formatRupees } from '../../shared/money.ts';
import type { MyOrder } from '../../types.ts';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './Account.module.css';
import { Card } from './AccountCards.tsx';

/** The member's payments: each order's state in the payer's words, the way back to one not paid yet, and each receipt. */
export function PaymentsCard() {
  const words = useUi().payments;
  const { settings } = useSite();
  const [orders, setOrders] = useState<MyOrder[] | undefined>();
  useEffect(() => {
    void callApi('myOrders').then((result) => setOrders(result.ok ? result.data.orders : []));
  }, []);
  if (!orders) return null;
  return (
    <Card title={words.yourPayments} wide>
      {orders.length === 0 ? <p>{words.noPayments}</p> : null}
      <ul className={styles.enquiries}>
        {orders.map((order) => (
          <li key={order.reference} className={styles.enquiry}>
            <p className={styles.enquiryTitle}>
              {order.title} · {formatRupees(order.amount)}
            </p>
            <p className={styles.small}>
              {words.status[order.status]} · {formatCheckedAt(order.createdAt)} · {fill(words.reference, { reference: order.reference })}
            </p>
            {order.refusal ? <p className={styles.small}>{fill(words.refused, { reason: order.refusal })}</p> : null}
            {order.upi || order.status === 'paymentReported' ? (
              <p className={styles.small}>
                <SmartLink href={`${settings.payments.payPage}?order=${order.reference}`}>{words.continue}</SmartLink>
              </p>
            ) : null}
            {order.receipt ? (
              <p className={styles.small}>
                <a href={fileUrl('receiptFile', { reference: order.reference })} download>
                  {fill(words.receipt, { number: order.receipt.number })}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
