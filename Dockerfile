# syntax=docker/dockerfile:1
# SaveCircle: `docker build -t savecircle .`, then see compose.yaml and the README's "Deploy" section.
# scripts/production-check.ts runs these same steps without Docker on every `npm test`.

# Build stage: every dependency (Vite, esbuild, TypeScript), then the web app and the server bundle.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies, the bundle, the built web app and the migrations only.
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY drizzle ./drizzle
COPY --from=build /app/dist ./dist
# The embedded database's folder (unused with DATABASE_URL), owned by the unprivileged user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
# The slim image has no curl: Node's fetch asks the health route.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches Node directly (exec form): it finishes requests and jobs, then exits.
CMD ["node", "--max-semi-space-size=8", "dist/server/main.js"]
