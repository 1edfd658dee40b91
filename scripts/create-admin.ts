// Sets the super admin's email and password: `npm run create-admin -- <email> <password>`;
// `npm run create-admin -- --reset-2fa [email]` forgets their two-factor (the next sign-in sets it up again).
import { z } from 'zod';
import { resetAdminTwoFactorFromCli, setSuperAdminPassword } from '../src/server/modules/auth';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { migrateForApp, openDatabase } from '../src/server/platform/db';

const args = z.tuple([
  z.email('The first argument must be an email address'),
  z.string().min(12, 'The password must be at least 12 characters'),
]);

async function resetTwoFactor(email: string | undefined) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateForApp(database, config);
    const reset = await resetAdminTwoFactorFromCli({ db: database.db, email });
    if (reset.length === 0) {
      console.error(email ? `No super admin with the email ${email}.` : 'There is no super admin account yet.');
      process.exitCode = 1;
    } else {
      console.log(
        `Two-factor authentication reset for ${reset.join(', ')}; their sessions ended. The next sign-in at /admin/login sets it up again.`,
      );
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--reset-2fa') return resetTwoFactor(argv[1]);
  const parsed = args.safeParse(argv);
  if (!parsed.success) {
    console.error(
      `Usage: npm run create-admin -- <email> <password>\n       npm run create-admin -- --reset-2fa [email]\n${parsed.error.issues[0].message}`,
    );
    process.exit(1);
  }
  const [email, password] = parsed.data;
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateForApp(database, config);
    const result = await setSuperAdminPassword({ db: database.db, email, password });
    console.log(`Super admin ${email} ${result}.`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(
    e instanceof ConfigError ? e.message : `create-admin failed: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exit(1);
});
