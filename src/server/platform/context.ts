import type { Config } from './config';
import type { Db, DbKind } from './db';
import { LoginThrottle } from './login-limiter';

/** What every route can reach: the database, the configuration and shared limiters. */
export type AppContext = {
  db: Db;
  dbKind: DbKind;
  config: Config;
  loginFailures: LoginThrottle;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function makeContext(db: Db, dbKind: DbKind, config: Config): AppContext {
  return {
    db,
    dbKind,
    config,
    loginFailures: new LoginThrottle(config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES * 60_000),
  };
}
