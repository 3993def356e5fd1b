// Moved to lib/server/db/sql-reader.ts (beside the other database code). This line only keeps
// lib/server/ingest/latest-hint.ts (another lane's folder) building until the merge points it there.
export { sqlReaderFor, type SqlReader } from "../db/sql-reader";
