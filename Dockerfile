# syntax=docker/dockerfile:1
# Pictura's container image, one image for both tiers: the web server (the default command) and the
# image workers (`npm run worker`); `npm run db:migrate` prepares the database before either starts.
# Pages bake in the site's public address, so it is given when the image is built:
#   docker build --build-arg APP_URL=https://pictura.example -t pictura .
# compose.yaml runs a whole install from it.

ARG NODE_IMAGE=node:24-slim

# Every dependency, the build's tools included. The postinstall script generates the Prisma client
# into lib/generated from the schema. Dependencies' own install scripts run only where package.json's
# allowScripts approves them, and .npmrc fails the install on one nobody reviewed; with an npm older
# than 11.16, .npmrc still skips onnxruntime-node's download (the package ships its CPU binaries).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma/schema.prisma prisma/schema.prisma
COPY scripts/prisma-generate.ts scripts/prisma-generate.ts
RUN npm ci --no-audit --no-fund

# What runs: the same install less its dev dependencies, pruned from it rather than downloaded and
# unpacked a second time.
FROM deps AS runtime-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ARG APP_URL=http://localhost:3000
ENV NEXT_TELEMETRY_DISABLED=1 APP_URL=${APP_URL}
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/lib/generated ./lib/generated
COPY . .
# No database or secret is needed to build: they are read at run time. The build cache is of no
# use at run time.
RUN npm run build && rm -rf .next/cache

# Only what the three commands run: `npm start` (tsx server.ts), `npm run worker` and
# `npm run db:migrate` (tsx on scripts/ and lib/, with tsconfig.json's paths), Next's build and
# config, the migrations, and the messages mail is written from. tests/unit/dockerfile.test.ts
# reads this list.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ARG APP_URL=http://localhost:3000
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NPM_CONFIG_UPDATE_NOTIFIER=false PORT=3000 APP_URL=${APP_URL} STORAGE_DIR=/data/files
# Stored files live on a volume here unless S3_BUCKET is set; a new volume takes this owner.
RUN mkdir -p /data/files && chown node:node /data/files
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json /app/next.config.ts /app/server.ts ./
COPY --from=build /app/lib ./lib
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/messages ./messages
# Next writes its caches under .next while it serves.
COPY --from=build --chown=node:node /app/.next ./.next
USER node
EXPOSE 3000
# node:24-slim has no curl; Node's own fetch asks the process's health route.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
