// The search_jobs partitions for drizzle-kit, which reads tables only from a schema file's named
// exports: made from the site files (src/server/db/schema-search.ts), exported here by table name.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- drizzle-kit require()s this file
module.exports = require('./schema-search.ts').searchJobsPartitions;
