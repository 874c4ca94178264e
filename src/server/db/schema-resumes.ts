/** Tables of the resumes domain; migrations are generated from here with npm run db:generate. */
export {};
