// Loads .env for npm run worker (the supervisor; its processes inherit its environment) before any
// other module is imported: the logger reads LOG_LEVEL when it loads.
if (process.env.PICTURA_WORKER_CHILD !== "1" && !process.env.DATABASE_URL) {
  try {
    process.loadEnvFile(".env");
  } catch {
    // No .env: the environment must say where the database is.
  }
}

export {};
