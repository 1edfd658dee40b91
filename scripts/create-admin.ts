// Sets the super admin's email and password: `npm run create-admin -- <email> <password>`.
import { z } from 'zod';
import { setSuperAdminPassword } from '../src/server/modules/auth';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { openDatabase, runMigrations } from '../src/server/platform/db';

const args = z.tuple([z.email('The first argument must be an email address'), z.string().min(12, 'The password must be at least 12 characters')]);

async function main() {
  const parsed = args.safeParse(process.argv.slice(2));
  if (!parsed.success) {
    console.error(`Usage: npm run create-admin -- <email> <password>\n${parsed.error.issues[0].message}`);
    process.exit(1);
  }
  const [email, password] = parsed.data;
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const result = await setSuperAdminPassword({ db: database.db, email, password });
    console.log(`Super admin ${email} ${result}.`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : `create-admin failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
