import { TEST_AUTH_SECRET, workerDatabaseUrl, workerStorageDir } from "./test-env";

// Each Jest worker has its own database and its own stored files (global-setup.ts prepares them).
const worker = process.env.JEST_WORKER_ID ?? "1";
process.env.DATABASE_URL = workerDatabaseUrl(worker);
process.env.STORAGE_DIR = workerStorageDir(worker);
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
delete process.env.APP_URL;
delete process.env.AUTH_GOOGLE_ID;
delete process.env.AUTH_APPLE_ID;
// Test runs share one address and one database: image limits are tested on their own.
process.env.IMAGE_RATE_LIMIT = "100000";
// The image check loads a model for seconds in every process that runs a job: off unless a test turns it on.
process.env.MODERATION = "off";
