/** Accounts: what the rest of the server may use. The hook that finds the logged-in member for any feature's routes; accounts by address, the password check and its counters, and the device cookie (the staff console's sign-in and invitations). */

export { rememberDevice } from './device.ts';
export { createUser, EmailTakenError, findUserByEmail } from './repository.ts';
export { countedAttempt, loginCounter, type PasswordCheck, passwordCheck } from './service.ts';
export { memberHook, memberOf } from './session.ts';
export { endEverySession, SESSION_TABLES, userForSession } from './sessions.repository.ts';
