// @pg-boss/dashboard in Jest: its ES modules (React Router, Hono) cannot run through Jest's CommonJS
// module system without --experimental-vm-modules, so jest.config.mjs maps the package's handler here,
// and this loads the real package with Node's own loader and hands the app its createDashboardHandler.
// The package reads PGBOSS_DASHBOARD_READ_ONLY from Node's process.env, of which a test file's
// process.env is a copy: each request carries the value the app set over to it.
import vm from "node:vm";
import type * as Dashboard from "@pg-boss/dashboard/handler";

type DashboardModule = typeof Dashboard;

const nativeImport = new vm.Script("(specifier) => import(specifier)", {
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}).runInThisContext() as (specifier: string) => Promise<DashboardModule>;

const setNodeEnvironment = new vm.Script(
  "(name, value) => { if (value === undefined) delete process.env[name]; else process.env[name] = value; }",
).runInThisContext() as (name: string, value: string | undefined) => void;

let loaded: Promise<DashboardModule> | undefined;

export function createDashboardHandler(options: Dashboard.CreateDashboardHandlerOptions): Dashboard.DashboardHandler {
  const started = (loaded ??= nativeImport("@pg-boss/dashboard/handler")).then((module) => module.createDashboardHandler(options));
  const handler = async (request: Request) => {
    setNodeEnvironment("PGBOSS_DASHBOARD_READ_ONLY", process.env.PGBOSS_DASHBOARD_READ_ONLY);
    return (await started)(request);
  };
  return Object.assign(handler, { close: async () => (await started).close() });
}
