// Where the tests' databases live: a PostgreSQL server (127.0.0.1:5432 unless TEST_DATABASE_URL says
// otherwise), one database for Jest and one for the browser tests.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_test";
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_e2e";
export const TEST_AUTH_SECRET = "test-secret-with-at-least-thirty-two-characters";
