/** The newsletter: what the rest of the server may use (the account page's choice; the command line's export and erasure). */
export { countSubscriptions, subscriptionOf, subscriptionsForExport, unsubscribe } from './repository.ts';
export { askForNewsletter, unsubscribeLinks } from './service.ts';
