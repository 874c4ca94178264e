/** Tables of the accounts domain; migrations are generated from here with npm run db:generate. */
export {};
