# One image for both processes: the web process (the default command) and the worker
# (`node dist/workers/main.js`). Built in stages, so the image holds the compiled server, the built
# web app and production dependencies only: no TypeScript, tsx, Vite or test tools, no sources.
# Node 24 LTS, pinned: its npm (11.19.0) is the one test/lockfile.test.ts checks the lock with.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# 1. Every dependency, exactly as the lock has it.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The web app (Vite → web/dist, with its server-render bundle) and the server (tsc → dist/).
FROM deps AS build
COPY . .
RUN npm run build && npm run build:server

# 3. Production dependencies only; its own stage, so it is cached until the lock changes.
#    `--omit=dev` alone keeps a devDependency that a production package names as an optional peer
#    (TypeScript for valibot, @babel/core for consolidate, @types/react): npm calls those
#    "devOptional". Without the devDependencies list nothing asks for them, so npm leaves them out.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm pkg delete devDependencies && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. What runs.
FROM ${NODE_IMAGE}
WORKDIR /app
# Fonts for the text sharp draws into generated images (the seeded map).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 VAR_DIR=/app/var
# glibc gives every libvips thread its own malloc arena and keeps freed image buffers in them:
# two arenas keep an image worker's RSS near what it uses (under 512 MB instead of ~0.8–1.2 GB).
ENV MALLOC_ARENA_MAX=2
# package.json too: its "type": "module" makes node load dist/ as ES modules.
COPY package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The only folder the app writes to (mail fallback, temporary files); files live in the bucket.
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 3000
# node itself, not npm: SIGTERM reaches the process, which drains requests (or jobs) and exits.
CMD ["node", "dist/src/main.js"]
