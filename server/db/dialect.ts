/** Which database a handle speaks to; its own module so that the migrations need not import database.ts, which imports them. */
export type Dialect = 'sqlite' | 'postgres';
