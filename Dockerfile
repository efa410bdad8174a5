# ListingLift's production image: the Go server and the built React app on a
# distroless, non-root base. Cloud Build builds it (cloudbuild.yaml); see
# docs/DEPLOY.md. Base images are pinned by tag; docs/DEPLOY.md says how to
# pin them by digest as well. Needs BuildKit (Docker 23+ uses it by default;
# otherwise set DOCKER_BUILDKIT=1).
#
# Build:  docker build -t listinglift .
# Market data (optional): put the SQLite market database that
# `listinglift market import` builds at var/market.db in the build context and
#   docker build --build-arg BUNDLE_MARKET_DB=1 -t listinglift .
# The image then carries it and sets MARKET_DB; without the argument the image
# has no market data (and reports say so).

# 1. The front end: npm ci from the lock file, then the production build.
FROM node:20-bookworm-slim AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
# The build's type check (tsc -b) covers the front end's tests too, which
# read the report samples the backend keeps (src/testing/golden.ts: today's
# reports and old ones as the server serves them), the report's and the result
# envelope's JSON Schemas and the plan table (the generated files' drift tests).
COPY backend/report/testdata/golden/ /src/backend/report/testdata/golden/
COPY backend/report/testdata/served/ /src/backend/report/testdata/served/
COPY backend/report/result.schema.json /src/backend/report/result.schema.json
COPY backend/plans/plans.json /src/backend/plans/plans.json
COPY backend/httpapi/result-envelope.schema.json /src/backend/httpapi/result-envelope.schema.json
COPY frontend/ ./
RUN npm run build

# 2. The server: a static binary (no cgo), the same build flags the deploy
# tests use (backend/deploy builds ./backend/cmd/server with this line's
# environment and flags and checks the result is static and serves).
# VERSION (cloudbuild.yaml passes the commit) is what /api/health and every
# log line report; the build context has no .git to read it from.
FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
COPY backend/ backend/
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.buildVersion=${VERSION}" -o /out/server ./backend/cmd/server
# The optional market database: var/market.db when the build context has it
# (.dockerignore lets that one file through; BuildKit copies nothing when the
# pattern matches nothing). BUNDLE_MARKET_DB=1 insists on it.
COPY var/market.d[b] /out/data/
ARG BUNDLE_MARKET_DB=""
RUN mkdir -p /out/data && \
    if [ -n "$BUNDLE_MARKET_DB" ] && [ ! -s /out/data/market.db ]; then \
      echo "BUNDLE_MARKET_DB is set but var/market.db is not in the build context" >&2; exit 1; \
    fi

# 3. What runs: the binary, the built app and (maybe) the market data, as
# the distroless "nonroot" user (uid 65532). No shell, no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
ARG BUNDLE_MARKET_DB=""
WORKDIR /app
COPY --from=server /out/server /app/server
COPY --from=web /src/frontend/dist /app/web
# The market database is opened read-only and immutable (built and migrated
# by `listinglift market import` before the image is built, never at start):
# it stays root's, and the server's user cannot change it.
COPY --from=server /out/data /app/data
# Production unless told otherwise; Cloud Run sets PORT (8080 by default)
# and the server listens on 0.0.0.0 in production. MARKET_DB is set only
# when the image carries the market database.
ENV APP_ENV=production \
    PORT=8080 \
    WEB_DIR=/app/web \
    MARKET_DB=${BUNDLE_MARKET_DB:+/app/data/market.db}
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/app/server"]
