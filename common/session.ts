/** The admin login's one text; the body's schema is in `session-schemas.ts`. */
export const INCORRECT_PASSWORD = "Incorrect password";
