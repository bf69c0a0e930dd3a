import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { callApi, failureReason, newIdempotencyKey } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useEntities, usePageContext, useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { MyOrder, OrderRequest, PaymentSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import styles from './Payment.module.css';

interface Payable {
  kind: OrderRequest['kind'];
  id: string;
  title: string;
  /** Rupees; a gift's is chosen. */
  amount?: number;
}

type Making = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

/** What the address names: ?for=course:PythonProgramming or ?for=shortCourse:1, and ?order=ICO… to come back to an order. */
function fromAddress(): { kind?: string; id?: string; order?: string } {
  const params = new URLSearchParams(window.location.search);
  const [kind, id] = (params.get('for') ?? '').split(':');
  const order = params.get('order') ?? undefined;
  return { ...(kind && id ? { kind, id } : {}), ...(order && /^ICO[0-9A-Z]{9}$/.test(order) ? { order } : {}) };
}

/**
 * Paying with UPI. What is paid for and its price come from content (the courses' own prices, or the campaign's gift
 * amounts); the server takes the amount from the same content. The address (known only in the browser) names the
 * course, so the prerendered page shows a neutral line until hydration. A visitor logs in first (her receipt is kept
 * on her account); then one press makes the order, and the order panel takes her through paying and reporting the UTR.
 * The order's reference goes into the address, so a reload or a link from the account comes back to it.
 */
export default function Payment({ id, title, intro, gift, catalogueLink }: PaymentSection) {
  const ui = useUi();
  const words = ui.payments;
  const { settings, landmarks } = useSite();
  const gifts = settings.payments.gifts;
  const hydrated = useHydrated();
  const { user } = useAuth();
  const courses = useEntities('courses');
  const professional = usePageContext().derived.professionalCourses ?? [];
  const Sub = useSubheadingTag();
  const formId = useId();
  const [order, setOrder] = useState<MyOrder | undefined>();
  const [making, setMaking] = useState<Making>({ state: 'idle' });
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [chosen, setChosen] = useState<number>(gifts.amounts[1] ?? gifts.amounts[0] ?? gifts.min);
  const [other, setOther] = useState('');
  const giftAmount = other.trim() ? Number(other) : chosen;
  const [here, setHere] = useState('');
  const [asked, setAsked] = useState<ReturnType<typeof fromAddress>>({});

  useEffect(() => {
    setAsked(fromAddress());
    setHere(`${window.location.pathname}${window.location.search}`);
  }, []);

  let payable: Payable | undefined;
  if (gift) payable = { kind: 'gift', id: gifts.campaign, title: gifts.title };
  else if (asked.kind === 'course') {
    const found = professional.find((p) => p.course.id === asked.id)?.course;
    payable = found ? { kind: 'course', id: found.id, title: found.title, amount: found.newPrice } : undefined;
  } else if (asked.kind === 'shortCourse') {
    const found = courses.find((c) => String(c.id) === asked.id);
    payable = found ? { kind: 'shortCourse', id: String(found.id), title: found.title, amount: found.price } : undefined;
  }

  // Back to an order named in the address, or to an open one for the same thing: one order per payment, not one per visit.
  const payableKey = payable ? `${payable.kind}:${payable.id}` : '';
  const findOrder = useCallback(async () => {
    const result = await callApi('myOrders');
    if (!result.ok) return;
    const orders = result.data.orders;
    const named = asked.order ? orders.find((o) => o.reference === asked.order) : undefined;
    const open = payableKey ? orders.find((o) => `${o.kind}:${o.subjectId}` === payableKey && o.status === 'awaitingPayment' && o.upi) : undefined;
    setOrder(named ?? open);
  }, [asked.order, payableKey]);

  useEffect(() => {
    if (user) void findOrder();
  }, [user, findOrder]);

  const show = (next: MyOrder) => {
    setOrder(next);
    const url = new URL(window.location.href);
    url.searchParams.set('order', next.reference);
    window.history.replaceState(window.history.state, '', url);
  };

  const make = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!payable) return;
    const data = new FormData(event.currentTarget);
    const amount = payable.kind === 'gift' ? giftAmount : payable.amount!;
    const pan = String(data.get('pan') ?? '')
      .trim()
      .toUpperCase();
    setMaking({ state: 'sending' });
    const result = await callApi('createOrder', {
      kind: payable.kind,
      subjectId: payable.id,
      amount,
      ...(pan ? { pan } : {}),
      idempotencyKey: key,
    });
    if (result.ok) {
      setMaking({ state: 'idle' });
      show(result.data.order);
    } else {
      // A refusal stored nothing: the next press is a new order.
      if (result.status >= 400 && result.status < 500) setKey(newIdempotencyKey());
      setMaking({ state: 'failed', message: failureReason(result) });
    }
  };

  const startAgain = () => {
    setOrder(undefined);
    setKey(newIdempotencyKey());
    const url = new URL(window.location.href);
    url.searchParams.delete('order');
    window.history.replaceState(window.history.state, '', url);
  };

  let body: ReactNode;
  if (!hydrated) {
    body = (
      <p className={styles.muted} aria-busy="true">
        {words.loading}
      </p>
    );
  } else if (!payable && !order) {
    body = (
      <div className="card" role="alert">
        <Sub className={styles.heading}>{words.notFound}</Sub>
        <p className={styles.muted}>{words.notFoundHelp}</p>
        <ActionLink action={catalogueLink} />
      </div>
    );
  } else {
    const what = order ? { title: order.title, amount: order.amount } : payable;
    body = (
      <div className={styles.layout}>
        <div className={`card ${styles.summary}`}>
          <Sub className={styles.heading}>{what?.title}</Sub>
          {what?.amount !== undefined ? (
            <p className={styles.amount}>
              <span className={styles.muted}>{words.amount}</span> <strong>{formatRupees(what.amount)}</strong>
            </p>
          ) : null}
        </div>
        {user === undefined ? (
          <p className={styles.muted} aria-busy="true">
            {words.loading}
          </p>
        ) : user === null ? (
          <div className="card">
            <p>{words.loggedOut}</p>
            <p className={styles.buttons}>
              {landmarks.login ? (
                <SmartLink href={`${landmarks.login}?next=${encodeURIComponent(here)}`} className="button">
                  {ui.auth.loginLink}
                </SmartLink>
              ) : null}
              {landmarks.signup ? (
                <SmartLink href={`${landmarks.signup}?next=${encodeURIComponent(here)}`} className="button button--secondary">
                  {ui.account.createAccount}
                </SmartLink>
              ) : null}
            </p>
          </div>
        ) : order ? (
          <OrderPanel order={order} onChange={show} onNew={payable ? startAgain : undefined} />
        ) : payable ? (
          <form className={`card ${styles.order}`} onSubmit={make} aria-busy={making.state === 'sending'}>
            {payable.kind === 'gift' ? (
              <>
                <fieldset className={styles.amounts}>
                  <legend className={styles.label}>{words.giftAmounts}</legend>
                  {gifts.amounts.map((value) => (
                    <label key={value} className={styles.amountChoice}>
                      <input
                        type="radio"
                        name="amount"
                        value={value}
                        checked={!other.trim() && chosen === value}
                        onChange={() => {
                          setChosen(value);
                          setOther('');
                        }}
                      />{' '}
                      {formatRupees(value)}
                    </label>
                  ))}
                </fieldset>
                <label htmlFor={`${formId}-other`} className={styles.label}>
                  {words.otherAmount}
                </label>
                <input
                  id={`${formId}-other`}
                  name="other"
                  type="number"
                  inputMode="numeric"
                  min={gifts.min}
                  max={gifts.max}
                  step={1}
                  value={other}
                  onChange={(event) => setOther(event.currentTarget.value)}
                  className={styles.input}
                  aria-describedby={`${formId}-limits`}
                />
                <p id={`${formId}-limits`} className={styles.muted}>
                  {fill(words.giftLimits, { min: formatRupees(gifts.min), max: formatRupees(gifts.max) })}
                </p>
                {/* A PAN is asked for only when the site holds an 80G registration: without one it would buy the donor nothing. */}
                {settings.payments.taxExemption ? (
                  <>
                    <label htmlFor={`${formId}-pan`} className={styles.label}>
                      {words.pan}
                    </label>
                    <input
                      id={`${formId}-pan`}
                      name="pan"
                      className={styles.input}
                      autoComplete="off"
                      pattern="[A-Za-z]{5}[0-9]{4}[A-Za-z]"
                      maxLength={10}
                      aria-describedby={`${formId}-pan-help`}
                    />
                    <p id={`${formId}-pan-help`} className={styles.muted}>
                      {words.panHelp}
                    </p>
                  </>
                ) : (
                  <p className={styles.muted}>{ui.receiptPdf.noExemption}</p>
                )}
              </>
            ) : null}
            {making.state === 'failed' ? (
              <p className="alert alert--error" role="alert">
                {making.message}
              </p>
            ) : null}
            <button type="submit" className="button button--accent button--block" disabled={making.state === 'sending'}>
              {making.state === 'sending'
                ? words.making
                : fill(words.makeOrder, { amount: formatRupees(payable.amount ?? (Number.isFinite(giftAmount) ? giftAmount : chosen)) })}
            </button>
          </form>
        ) : null}
        {user && settings.accounts.accountPage ? (
          <p>
            <SmartLink href={settings.accounts.accountPage}>{words.allPayments}</SmartLink>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      {body}
    </SectionShell>
  );
}
