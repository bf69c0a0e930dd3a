/** Accounts: what the rest of the server may use. The preHandler that finds the logged-in member for any feature's routes; accounts by address (the staff console's sign-in and invitations). */
export { createUser, EmailTakenError, findUserByEmail } from './repository.ts';
export { memberHook } from './session.ts';
export { userForSession } from './sessions.repository.ts';
