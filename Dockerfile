# Multi-stage build of the single souk binary with its view bundles embedded.
# Stage 1: npm packages (React, react-helmet-async, zustand) for the bundler.
FROM node:20-bookworm-slim AS npm
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=optional

# Stage 2: build the bundles with the esbuild Go API, then the static binary.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=npm /src/node_modules ./node_modules
RUN go run . build \
 && CGO_ENABLED=0 go build -tags nodynamic -trimpath -ldflags="-s -w" -o /out/souk . \
 && mkdir -p /out/data

# Stage 3: a small runtime image; SQLite data lives in the /data volume.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/souk /souk
# The data directory must belong to the nonroot user (uid 65532) to be writable.
COPY --from=build --chown=65532:65532 /out/data /data
ENV DATA_DIR=/data PORT=8080
VOLUME ["/data"]
EXPOSE 8080
USER nonroot
ENTRYPOINT ["/souk"]
CMD ["serve"]
