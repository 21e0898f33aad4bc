import { TEST_AUTH_SECRET, TEST_DATABASE_URL } from "./test-env";

process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
delete process.env.APP_URL;
delete process.env.AUTH_GOOGLE_ID;
delete process.env.AUTH_APPLE_ID;
// Test runs share one address and one database: image limits are tested on their own.
process.env.IMAGE_RATE_LIMIT = "100000";
