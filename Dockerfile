# syntax=docker/dockerfile:1
# Haat's API server and web app in one image (docs/deployment.md). Written, not built, on the
# machine it was made on (no container engine there); `npm run cluster` runs the same topology
# from local parts.
#
# dist/server/main.js is bundled by esbuild with its packages left external (scripts/build-server.mjs),
# so the runtime needs the production node_modules, package.json ("type": "module"), dist/ (the
# server and the web app it serves) and migrations/ (applied at start). Debian slim, not Alpine:
# sharp and @node-rs/argon2 install prebuilt glibc binaries.

ARG NODE_VERSION=20.20

# Every dependency, for the build.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The web app (Vite) and the server (esbuild) into dist/.
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only.
FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY migrations ./migrations
# DATA_DIR: mails written without SMTP_URL, pictures without S3_BUCKET, the generated secret key
# without APP_SECRET; the only place the app writes. The image's `node` user (uid 1000) owns it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Node's own fetch: the slim image has no curl. The readiness check, since compose's depends_on
# waits on it: unhealthy while the process starts (migrations, demo data), once it stops, and while
# its database does not answer. (An orchestrator's liveness probe belongs on /api/health, which
# answers throughout.)
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
