import { fill, words } from './words.ts';

/** An amount in rupees as people in India write it: ₹1,00,000. */
export const rupees = (amount: number) => fill(words.payments.rupees, { amount: amount.toLocaleString('en-IN') });

/** Said on the window when payments change (confirmed, refused, refunded), so the navigation's count of those waiting is read again. */
export const PAYMENTS_CHANGED = 'staff-payments-changed';
export const paymentsChanged = () => window.dispatchEvent(new Event(PAYMENTS_CHANGED));
