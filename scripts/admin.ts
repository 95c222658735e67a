import { parseArgs } from "node:util";
import { normalizeEmail } from "../src/domain/fields.ts";
import { AdminAccountError, ensureAdmin } from "../src/server/auth/admin-account.ts";
import { migrateToLatest, openDatabase, sqliteFileIn } from "../src/server/db/database.ts";
import { silentLog } from "../src/server/http/log.ts";
import { wire } from "../src/server/wiring.ts";
import { configOrExplain } from "./cli-config.ts";

const usage = "Usage: npm run admin -- create --email <email> --password <password> [--name <name>]";

async function run(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  const { positionals, values } = parsed;
  if (positionals[0] !== "create" || !values.email || !values.password) {
    console.error(usage);
    return 1;
  }

  const config = configOrExplain();
  if (!config) return 1;
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: sqliteFileIn(config.DATA_DIR),
  });
  try {
    await migrateToLatest(db);
    const result = await ensureAdmin(wire(config, db, { log: silentLog }), {
      email: values.email,
      password: values.password,
      name: values.name,
    });
    console.log(
      result === "created"
        ? `Admin ${normalizeEmail(values.email)} created.`
        : `Admin ${normalizeEmail(values.email)} already exists; nothing changed.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AdminAccountError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
}

process.exitCode = await run(process.argv.slice(2));
