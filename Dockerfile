# syntax=docker/dockerfile:1
# The back office in one image, the equivalent of `npm start` (see README "Docker"):
#   docker build -t liveshop .
#   docker run -p 3000:3000 -v liveshop-data:/data liveshop
# PGlite, local uploads and the generated session secret live in the /data volume; set DATABASE_URL,
# S3_* and the other variables of .env.example with -e or --env-file.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
# no install-time downloads or telemetry (swagger-ui-dist pulls in @scarf/scarf)
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 SCARF_ANALYTICS=false

# every dependency, from the lockfile, for the build
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci

# production dependencies only, for the runtime (same base image, so native binaries match)
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM deps AS build
COPY . .
RUN NODE_ENV=production npx remix vite:build

FROM base AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# package.json marks the server build as an ES module; migrations are read from api/db/migrations at start
COPY --chown=node:node package.json server.mjs ./
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node api/db/migrations ./api/db/migrations
COPY --chown=node:node public ./public
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/auth/login`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# migrates, seeds demo data on an empty database (SEED=none to skip), serves, prints the sign-ins
CMD ["node", "server.mjs"]
