/** Tables of the search domain; migrations are generated from here with npm run db:generate. */
export {};
